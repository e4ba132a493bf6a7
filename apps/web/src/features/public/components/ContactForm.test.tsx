import { CSRF_COOKIE } from '@app/shared/http';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fetch';
import { renderPublic } from '../../../test/render';
import { ContactForm } from './ContactForm';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  document.cookie = `${CSRF_COOKIE}=test-token`;
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function fill(values: { name?: string; email?: string; message?: string }) {
  if (values.name !== undefined)
    fireEvent.change(screen.getByLabelText('Full Name'), { target: { value: values.name } });
  if (values.email !== undefined)
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: values.email } });
  if (values.message !== undefined)
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: values.message } });
}

const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send' }));

describe('ContactForm', () => {
  it('shows the three required messages and sends nothing when empty', () => {
    renderPublic(<ContactForm />);
    send();
    expect(screen.getByText('Full name is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Message is required')).toBeTruthy();
    expect(screen.getByLabelText('Full Name').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('uses an email input and rejects a malformed address before sending', () => {
    renderPublic(<ContactForm />);
    expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email');
    fill({ name: 'Ada', email: 'not-an-email', message: 'Hi' });
    send();
    expect(screen.getByText('Please enter a valid email')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('clears a message as soon as the field is filled in', () => {
    renderPublic(<ContactForm />);
    send();
    fill({ name: 'Ada' });
    expect(screen.queryByText('Full name is required')).toBeNull();
    expect(screen.getByText('Email is required')).toBeTruthy();
  });

  it('posts the message, toasts only after the server accepted it, and clears the message', async () => {
    let resolve: (response: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise<Response>((r) => (resolve = r)));
    renderPublic(<ContactForm />);
    fill({ name: ' Ada Lovelace ', email: 'ada@example.com', message: 'How do fees work?' });
    send();

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/contact');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(typeof init?.body === 'string' ? init.body : '')).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      message: 'How do fees work?',
    });
    const button = screen.getByRole('button', { name: 'Sending…' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(toast.success).not.toHaveBeenCalled();

    resolve(jsonResponse(201, { ok: true }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Message sent successfully'));
    expect(screen.getByLabelText<HTMLTextAreaElement>('Message').value).toBe('');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('shows the server message and keeps what was typed when sending fails', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(429, {
        error: { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait and try again.' },
      }),
    );
    renderPublic(<ContactForm />);
    fill({ name: 'Ada', email: 'ada@example.com', message: 'Hello' });
    send();

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Too many attempts. Please wait and try again.'),
    );
    expect(toast.success).not.toHaveBeenCalled();
    expect(screen.getByLabelText<HTMLInputElement>('Full Name').value).toBe('Ada');
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('ada@example.com');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Message').value).toBe('Hello');
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(false);
  });

  it('puts a field error from the server under that field', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, {
        error: { code: 'VALIDATION_FAILED', message: 'Please enter a valid email', field: 'email' },
      }),
    );
    renderPublic(<ContactForm />);
    fill({ name: 'Ada', email: 'ada@example.c', message: 'Hello' });
    send();
    await waitFor(() => expect(screen.getByText('Please enter a valid email')).toBeTruthy());
  });

  it('starts with the name and email it is given (the /support page)', () => {
    renderPublic(<ContactForm defaultValues={{ name: 'Ada', email: 'ada@example.com' }} />);
    expect(screen.getByLabelText<HTMLInputElement>('Full Name').value).toBe('Ada');
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('ada@example.com');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Message').value).toBe('');
  });
});
