/** A submission may name a userId only if it is the caller's own (doc 1 §7 sends it; the session decides). */
export const userIdMatches = (callerId: string, claimed: string | undefined) => claimed === undefined || claimed === callerId;
