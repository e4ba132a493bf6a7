import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Button } from './Button';
import { LoadingPlaceholder } from './LoadingPlaceholder';
import { LoadMore, type NextPages } from './LoadMore';
import { Modal } from './Modal';
import { PasswordInput } from './PasswordInput';
import { TextField } from './TextField';

afterEach(cleanup);

describe('TextField', () => {
  it('links the error message to the input and marks it invalid', () => {
    render(<TextField label="Email" error="Email is required" />);
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Email is required');
  });

  it('is not marked invalid without an error', () => {
    render(<TextField label="Email" />);
    expect(screen.getByLabelText('Email').hasAttribute('aria-invalid')).toBe(false);
  });
});

describe('LoadingPlaceholder', () => {
  it('is one status named by what loads, drawn as a div or a list', () => {
    render(
      <>
        <LoadingPlaceholder label="Loading prices" className="animate-pulse" />
        <LoadingPlaceholder as="ul" label="Loading plans">
          <li />
        </LoadingPlaceholder>
      </>,
    );
    const prices = screen.getByRole('status', { name: 'Loading prices' });
    expect(prices.tagName).toBe('DIV');
    expect(prices.className).toBe('animate-pulse');
    expect(screen.getByRole('status', { name: 'Loading plans' }).tagName).toBe('UL');
  });
});

describe('PasswordInput', () => {
  it('toggles between hidden and shown text', () => {
    render(<PasswordInput label="Password" />);
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.getAttribute('type')).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input.getAttribute('type')).toBe('password');
  });
});

describe('Button', () => {
  it('is disabled and busy while loading', () => {
    render(<Button loading>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
  });
});

describe('Modal', () => {
  function Harness() {
    const [open, setOpen] = useState(true);
    return (
      <Modal open={open} onOpenChange={setOpen} title="Confirm Profit">
        <p>Body</p>
      </Modal>
    );
  }

  it('closes with Escape and with the close button', () => {
    render(<Harness />);
    expect(screen.getByRole('dialog', { name: 'Confirm Profit' })).toBeTruthy();
    act(() => {
      fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes with the labelled close button', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('LoadMore', () => {
  const pages = (over: Partial<NextPages>): NextPages => ({
    hasNextPage: true,
    isFetchingNextPage: false,
    isFetchNextPageError: false,
    fetchNextPage: () => Promise.resolve(),
    ...over,
  });

  it('asks for the next page, and shows nothing once there is none', () => {
    let asked = 0;
    const { rerender } = render(
      <LoadMore
        pages={pages({ fetchNextPage: () => Promise.resolve((asked += 1)) })}
        label="Load more"
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(asked).toBe(1);
    rerender(<LoadMore pages={pages({ hasNextPage: false })} label="Load more" />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says when the next page could not be loaded, and keeps the button to try again', () => {
    const { rerender } = render(
      <LoadMore pages={pages({ isFetchNextPageError: true })} label="Load more" />,
    );
    expect(screen.getByRole('alert').textContent).toBe('We could not load more. Please try again.');
    expect(screen.getByRole('button', { name: 'Load more' })).toBeTruthy();
    rerender(
      <LoadMore
        pages={pages({ isFetchNextPageError: true })}
        label="Load more"
        failedLabel="We could not load more transactions."
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('We could not load more transactions.');
  });
});
