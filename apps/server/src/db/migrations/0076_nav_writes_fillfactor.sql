-- Room on the pages of strategies and nav_snapshots for the next version of the rows the tick
-- rewrites every second (issue 43: a tick where the whole market moves).
--
-- When every price moves, every tick updates each strategy's nav and nav_at and the NAV of its
-- current minute's point (recordNavs). No index covers those columns, so each update can be HOT
-- (the new version on the same page, no index entry written) — but only on a page with room. At
-- the default fillfactor of 100 only 2.5 % of them were: 10,000 strategies ticked 40 times left
-- strategies at 57 MB for 1.4 MB of rows and nav_snapshots at 26 MB, each update writing a new
-- entry in every index. Filled to 50 % (strategies: a small table, ~30 rows of ~140 bytes a page)
-- and to 90 % (nav_snapshots: the history, so its room costs a tenth of its pages), 81 % of
-- them were HOT and the write of 10,000 NAVs took a median 216 ms instead of 345 (the two
-- alternating in one run, loaded machine).
--
-- A fillfactor applies to the pages PostgreSQL fills from now on (see 0068): an existing
-- strategy's next update moves it once to a page with room. An operator may run
-- `VACUUM FULL strategies` in a quiet moment to give every page the room at once.
ALTER TABLE strategies SET (fillfactor = 50);
ALTER TABLE nav_snapshots SET (fillfactor = 90);
