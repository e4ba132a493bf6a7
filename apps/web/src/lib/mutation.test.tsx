import { QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { requestsSettled, testQueryClient } from '../test/render';
import { mutateAndReport } from './mutation';

/** A request the test answers when it chooses. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

type Start = 'mutate' | 'mutateAndReport';

/** Starts its mutation once mounted, the way a dialog's confirm button would. */
function Starter(props: {
  how: Start;
  request: () => Promise<string>;
  onSuccess: (data: string) => void;
  onError: (error: Error) => void;
}) {
  const mutation = useMutation({ mutationFn: props.request });
  const { how, onSuccess, onError } = props;
  useEffect(() => {
    if (how === 'mutate') mutation.mutate(undefined, { onSuccess, onError });
    else mutateAndReport(mutation, undefined, { onSuccess, onError });
    // Once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <p>{mutation.isPending ? 'pending' : 'idle'}</p>;
}

async function startThenUnmount(how: Start, answer: 'success' | 'failure') {
  const request = deferred<string>();
  const onSuccess = vi.fn();
  const onError = vi.fn();
  const view = render(
    <QueryClientProvider client={testQueryClient()}>
      <Starter how={how} request={() => request.promise} onSuccess={onSuccess} onError={onError} />
    </QueryClientProvider>,
  );
  expect(await view.findByText('pending')).toBeTruthy();
  // A live update removes the component before its request answers.
  view.unmount();
  await act(async () => {
    if (answer === 'success') request.resolve('closed');
    else request.reject(new Error('refused'));
    await request.promise.catch(() => {});
  });
  // The mutation has settled and what it notifies has run: the callbacks were called, or dropped.
  await requestsSettled();
  return { onSuccess, onError };
}

describe('mutateAndReport', () => {
  it('tells the user a success even when the component has unmounted meanwhile', async () => {
    const { onSuccess, onError } = await startThenUnmount('mutateAndReport', 'success');
    expect(onSuccess).toHaveBeenCalledExactlyOnceWith('closed');
    expect(onError).not.toHaveBeenCalled();
  });

  it('tells the user a failure even when the component has unmounted meanwhile', async () => {
    const { onSuccess, onError } = await startThenUnmount('mutateAndReport', 'failure');
    expect(onError).toHaveBeenCalledOnce();
    expect((onError.mock.calls[0]![0] as Error).message).toBe('refused');
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it("is needed: mutate's own callbacks are dropped when the component unmounts first", async () => {
    const { onSuccess, onError } = await startThenUnmount('mutate', 'success');
    expect(onSuccess).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });
});
