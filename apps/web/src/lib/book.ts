import { BOOKS, type Book } from '@app/shared/schemas/kinds';
import { useCallback } from 'react';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { useAuthStore } from './auth';

export { BOOKS, type Book };

/**
 * Which account the signed-in user is looking at (issue 42): the real one, or the practice account
 * with its virtual money. Kept per user id, persisted under `book-storage` like the session
 * snapshot, so a reload (or another person signing in on the same browser) shows the account that
 * user chose. Nothing secret is stored: a user id and the word 'real' or 'practice'.
 */
interface BookState {
  byUser: Record<string, Book>;
  choose: (userId: string, book: Book) => void;
}

export const BOOK_STORAGE_KEY = 'book-storage';

export const useBookStore = create<BookState>()(
  persist(
    (set) => ({
      byUser: {},
      choose: (userId, book) => set((state) => ({ byUser: { ...state.byUser, [userId]: book } })),
    }),
    {
      name: BOOK_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ byUser: state.byUser }),
    },
  ),
);

/** The book `userId` chose; the real account until they choose otherwise (and when signed out). */
export function bookOf(byUser: Record<string, Book>, userId: string | undefined): Book {
  return (userId !== undefined ? byUser[userId] : undefined) ?? 'real';
}

/** The account the signed-in user is looking at. */
export function useBook(): Book {
  const userId = useAuthStore((state) => state.user?.id);
  return useBookStore((state) => bookOf(state.byUser, userId));
}

/** Shows the signed-in user the other account (nothing without a signed-in user). */
export function useChooseBook(): (book: Book) => void {
  const userId = useAuthStore((state) => state.user?.id);
  const choose = useBookStore((state) => state.choose);
  return useCallback(
    (book: Book) => {
      if (userId !== undefined) choose(userId, book);
    },
    [userId, choose],
  );
}
