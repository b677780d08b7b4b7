import { STORAGE_KEY_TOKEN, STORAGE_KEY_USER_ID } from '@agency/schema';

export function readToken(): string | null {
  return localStorage.getItem(STORAGE_KEY_TOKEN);
}

export function readUserId(): string | null {
  return localStorage.getItem(STORAGE_KEY_USER_ID);
}

export function writeSession(token: string, userId: string): void {
  localStorage.setItem(STORAGE_KEY_TOKEN, token);
  localStorage.setItem(STORAGE_KEY_USER_ID, userId);
}

export function removeSession(): void {
  localStorage.removeItem(STORAGE_KEY_TOKEN);
  localStorage.removeItem(STORAGE_KEY_USER_ID);
}

/** Logout empties all browser storage (SPEC section 4), not only the keys above. */
export function clearAllStorage(): void {
  localStorage.clear();
  sessionStorage.clear();
}
