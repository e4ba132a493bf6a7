import { CSRF_COOKIE } from '@app/shared/http';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../lib/auth';
import { stubFetch } from '../../../test/fetch';
import { renderAt, requestsSettled } from '../../../test/render';
import { fileOf, jane } from '../../../test/fixtures';
import { AvatarUploadModal } from './AvatarUploadModal';
import { cleanUpAfterEach } from '../../../test/lifecycle';

vi.mock('sonner', () => ({
  toast: { success: vi.fn(), error: vi.fn(), loading: vi.fn(() => 'avatar-toast') },
}));

const MB = 1024 * 1024;
const uploaded = {
  ...jane,
  avatarUrl: '/uploads/avatars/0b7c8f52-2f0a-4f43-9d4c-1b4a2c9e7d10.jpg',
};

function setup(
  upload: { status?: number; body: unknown; delayMs?: number } = { body: { user: uploaded } },
) {
  const stub = stubFetch({ 'POST /api/profile/avatar': upload });
  vi.stubGlobal('fetch', stub.fetchStub);
  const onOpenChange = vi.fn();
  renderAt('/profile', <AvatarUploadModal user={jane} open onOpenChange={onOpenChange} />);
  const dialog = screen.getByRole('dialog', { name: 'Profile Image' });
  const input = within(dialog).getByLabelText<HTMLInputElement>('Choose an image');
  const choose = (file: File) => fireEvent.change(input, { target: { files: [file] } });
  const uploadButton = () => within(dialog).getByRole('button', { name: /^Upload/ });
  return { ...stub, dialog, input, choose, uploadButton, onOpenChange };
}

const avatarRequests = (calls: { path: string }[]) =>
  calls.filter((call) => call.path === '/api/profile/avatar');

beforeEach(() => {
  document.cookie = `${CSRF_COOKIE}=test-token`;
  useAuthStore.getState().setUser(jane);
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
  vi.mocked(toast.loading).mockClear();
});
cleanUpAfterEach();

describe('AvatarUploadModal', () => {
  it('shows no preview until a file is chosen, then the preview with Remove', () => {
    const { dialog, choose } = setup();
    expect(within(dialog).queryByRole('img')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(within(dialog).getByText('.png, .jpg or .jpeg, maximum 2mb')).toBeTruthy();

    choose(fileOf('me.png', 'image/png', 1000));
    const preview = within(dialog).getByRole('img', {
      name: 'Preview of your new profile picture',
    });
    expect(preview.getAttribute('src')).toMatch(/^blob:/);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(within(dialog).queryByRole('img')).toBeNull();
  });

  it('refuses a 3 MB image with the seed message and sends nothing', async () => {
    const { dialog, choose, uploadButton, calls } = setup();
    choose(fileOf('big.jpg', 'image/jpeg', 3 * MB));
    expect(within(dialog).getByRole('alert').textContent).toBe('Image size must be less than 2MB');
    expect(within(dialog).queryByRole('img')).toBeNull();

    fireEvent.click(uploadButton());
    await requestsSettled();
    expect(avatarRequests(calls)).toHaveLength(0);
  });

  it.each([
    ['anim.gif', 'image/gif'],
    ['logo.svg', 'image/svg+xml'],
    ['photo.png.exe', ''],
  ])('refuses %s with "Please select an image"', (name, type) => {
    const { dialog, choose, uploadButton, calls } = setup();
    choose(fileOf(name, type, 1000));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please select an image');
    fireEvent.click(uploadButton());
    expect(avatarRequests(calls)).toHaveLength(0);
  });

  it('asks for an image when Upload is pressed with none chosen', () => {
    const { dialog, uploadButton, calls } = setup();
    fireEvent.click(uploadButton());
    expect(within(dialog).getByRole('alert').textContent).toBe('Please select an image');
    expect(avatarRequests(calls)).toHaveLength(0);
  });

  it('reads "Uploading..." and is disabled while the upload is pending, then updates the session', async () => {
    const { choose, uploadButton, calls, onOpenChange } = setup({
      body: { user: uploaded },
      delayMs: 80,
    });
    choose(fileOf('me.jpeg', 'image/jpeg', 2 * MB));
    fireEvent.click(uploadButton());

    await waitFor(() => expect(uploadButton().textContent).toBe('Uploading...'));
    expect(uploadButton()).toHaveProperty('disabled', true);
    expect(toast.loading).toHaveBeenCalledWith('Updating avatar...');

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Avatar updated successfully', {
        id: 'avatar-toast',
      }),
    );
    expect(useAuthStore.getState().user?.avatarUrl).toBe(uploaded.avatarUrl);
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(avatarRequests(calls)).toHaveLength(1);
  });

  it("shows the server's message when it refuses the file", async () => {
    const { dialog, choose, uploadButton } = setup({
      status: 400,
      body: {
        error: { code: 'VALIDATION_FAILED', message: 'Please select an image', field: 'avatar' },
      },
    });
    choose(fileOf('renamed.png', 'image/png', 500));
    fireEvent.click(uploadButton());
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to update avatar', {
        id: 'avatar-toast',
        description: 'Please select an image',
      }),
    );
    expect(within(dialog).getByRole('alert').textContent).toBe('Please select an image');
    expect(useAuthStore.getState().user?.avatarUrl).toBeNull();
  });
});
