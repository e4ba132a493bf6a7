import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from './auth';
import { userFixture } from '../test/fixtures';
import { BOOK_STORAGE_KEY, bookOf, useBook, useBookStore, useChooseBook } from './book';

afterEach(() => {
  useBookStore.setState({ byUser: {} });
  useAuthStore.setState({ user: null });
  localStorage.clear();
});

describe('the book the user looks at', () => {
  it('is the real account until the user chooses practice', () => {
    expect(bookOf({}, 'u1')).toBe('real');
    expect(bookOf({ u1: 'practice' }, undefined)).toBe('real');
    expect(bookOf({ u1: 'practice' }, 'u1')).toBe('practice');
  });

  it('is kept per user and persisted under book-storage', () => {
    useAuthStore.setState({ user: userFixture({ id: 'u1' }) });
    const { result } = renderHook(() => ({ book: useBook(), choose: useChooseBook() }));
    expect(result.current.book).toBe('real');
    act(() => result.current.choose('practice'));
    expect(result.current.book).toBe('practice');
    expect(JSON.parse(localStorage.getItem(BOOK_STORAGE_KEY) ?? '{}')).toEqual({
      state: { byUser: { u1: 'practice' } },
      version: 1,
    });
    // Another person signing in on the same browser sees their own choice (the real account).
    act(() => {
      useAuthStore.setState({ user: userFixture({ id: 'u2' }) });
    });
    expect(result.current.book).toBe('real');
    act(() => {
      useAuthStore.setState({ user: userFixture({ id: 'u1' }) });
    });
    expect(result.current.book).toBe('practice');
  });

  it('chooses nothing without a signed-in user', () => {
    const { result } = renderHook(() => useChooseBook());
    act(() => result.current('practice'));
    expect(useBookStore.getState().byUser).toEqual({});
  });
});
