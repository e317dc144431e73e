/**
 * One gamesmaster command at a time, with its failure kept to show (the console's buttons and
 * forms share it).
 */
import { useState } from 'preact/hooks';
import { ApiError } from '../../api.js';

/** Any failure as an `ApiError`, to show. */
export function asApiError(e: unknown): ApiError {
  return e instanceof ApiError
    ? e
    : new ApiError('client/bug', e instanceof Error ? e.message : String(e), 0);
}

/** Runs one command at a time, keeping its failure to show. */
export function useCommand(): {
  readonly busy: boolean;
  readonly error: ApiError | null;
  readonly run: (
    call: () => Promise<unknown>,
    done: () => void,
    failed?: (e: ApiError) => void,
  ) => void;
  readonly clear: () => void;
} {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  return {
    busy,
    error,
    clear: () => {
      setError(null);
    },
    run: (call, done, failed) => {
      setBusy(true);
      setError(null);
      call().then(
        () => {
          setBusy(false);
          done();
        },
        (e: unknown) => {
          setBusy(false);
          const err = asApiError(e);
          if (failed === undefined) setError(err);
          else failed(err);
        },
      );
    },
  };
}
