import { hash, verify } from '@node-rs/argon2';

// argon2id with the OWASP-recommended minimum (19 MiB, 2 passes).
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export async function verifyPassword(hashed: string | null, password: string): Promise<boolean> {
  if (!hashed) return false;
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/** Verifying against this when no user matches keeps the answer time the same for unknown emails. */
let dummyHash: Promise<string> | undefined;
export const timingSafeDummyHash = (): Promise<string> => (dummyHash ??= hashPassword('not-a-real-password'));
