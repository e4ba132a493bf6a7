import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Button } from './Button';
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
