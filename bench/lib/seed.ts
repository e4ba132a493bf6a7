import pg from 'pg';
import { DEFAULT_QUESTIONNAIRE } from '../../apps/server/src/modules/appropriateness/domain/default-questionnaire';
import { maxScoreOf } from '../../apps/server/src/modules/appropriateness/domain/scoring';

/**
 * Cheap users for load: rows straight into `users` (active, verified) and one session each whose
 * token is known (`bt-<userId>`; the server stores sha256(token), as at login). No argon2, no
 * sign-up rate limit; nobody can sign in to them with a password (the hash is a placeholder).
 * Each has passed the appropriateness check (the server's default questionnaire, stored as the
 * server stores it on first read), so a first invest is as a real investor's.
 */
export async function seedUsers(
  databaseUrl: string,
  prefix: string,
  count: number,
): Promise<{ id: string; sid: string }[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ id: string }>(
      `WITH created AS (
         INSERT INTO users (email, name, phone, country, referral_id, password_hash,
                            email_verified_at, is_active, activated_at)
         SELECT $1 || i || '@bench.local', 'Bench User ' || i, '+44 20 7946 0000', 'United Kingdom',
                $1 || i || 'r', '$argon2id$bench-placeholder', now(), true, now()
         FROM generate_series(1, $2::int) AS i
         RETURNING id)
       INSERT INTO sessions (token_hash, user_id, user_agent, ip, expires_at)
       SELECT sha256(convert_to('bt-' || id::text, 'UTF8')), id, 'bench', '127.0.0.1',
              now() + interval '12 hours'
       FROM created
       RETURNING user_id AS id`,
      [prefix, count],
    );
    await client.query(
      `INSERT INTO appropriateness_questionnaires (version, content, created_at)
       VALUES (1, $1::jsonb, now()) ON CONFLICT DO NOTHING`,
      [JSON.stringify(DEFAULT_QUESTIONNAIRE)],
    );
    const best = Object.fromEntries(
      DEFAULT_QUESTIONNAIRE.questions.map((q) => [
        q.id,
        q.options.reduce((a, b) => (b.points > a.points ? b : a)).id,
      ]),
    );
    const maxScore = maxScoreOf(DEFAULT_QUESTIONNAIRE);
    await client.query(
      `INSERT INTO appropriateness_assessments
         (user_id, questionnaire_version, answers, score, max_score, pass_score, result, created_at)
       SELECT id, 1, $2::jsonb, $3, $3, $4, 'appropriate', now() FROM unnest($1::uuid[]) AS id`,
      [
        result.rows.map((r) => r.id),
        JSON.stringify(best),
        maxScore,
        DEFAULT_QUESTIONNAIRE.passScore,
      ],
    );
    return result.rows.map((r) => ({ id: r.id, sid: `bt-${r.id}` }));
  } finally {
    await client.end();
  }
}

/**
 * Two seeded users (`prefix`): one for an account of `small` rows and one for `large`, each with
 * its number of rows, the small account first.
 */
export async function smallAndLargeAccounts(
  databaseUrl: string,
  prefix: string,
  [small, large]: readonly [number, number],
): Promise<[{ id: string; sid: string }, number][]> {
  const [smallOwner, largeOwner] = await seedUsers(databaseUrl, prefix, 2);
  if (!smallOwner || !largeOwner) throw new Error('two users were not seeded');
  return [
    [smallOwner, small],
    [largeOwner, large],
  ];
}

/**
 * The load's one admin approves every deposit alone: the operator's four-eyes threshold set above
 * any amount the load moves (written in the database, as a second admin's approval would write
 * it; raising it through the API waits for one). Each user's deposits add up over a run, and what
 * one admin approved alone for a user in 24 hours counts towards the threshold.
 */
export async function trustAdminWithAnyAmount(databaseUrl: string): Promise<void> {
  await query(
    databaseUrl,
    `INSERT INTO settings (key, value, updated_at) VALUES ('four_eyes_threshold_cents', '100000000000'::jsonb, now())
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
  );
}

export async function query<T extends pg.QueryResultRow>(
  databaseUrl: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}
