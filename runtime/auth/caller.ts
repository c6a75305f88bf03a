/**
 * @module
 * Who is asking: the user behind a token, with the permissions they hold.
 */

/** One enabled permission a user holds: what it allows, on which object types, within which constraints. */
export interface Granted {
  object_types: string[];
  actions: string[];
  constraints: unknown;
}

export interface Caller {
  userId: number;
  username: string;
  isSuperuser: boolean;
  tokenId: number;
  writeEnabled: boolean;
  /** The enabled permissions the user holds, directly or through a group (none listed for a superuser, who holds all). */
  permissions: Granted[];
}
