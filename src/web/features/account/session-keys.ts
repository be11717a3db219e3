/** Session storage that may be unavailable (privacy modes): reads give null, writes are dropped. */
export function readSession(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function removeSession(key: string) {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Nothing stored, nothing to remove.
  }
}
