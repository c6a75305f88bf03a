/**
 * @module
 * Authentication and authorisation: token parsing and checking, passwords, permissions.
 */
export { authenticate } from './authenticate.ts';
export { authenticateSession, cookieValue, createSession, CSRF_HEADER, deleteSession, findSession, SESSION_COOKIE } from './sessions.ts';
export type { Caller, Granted } from './caller.ts';
export { verifyPassword, hashPassword } from './passwords.ts';
export { generatePassword, MIN_PASSWORD_LENGTH, passwordProblems } from './passwordPolicy.ts';
export { actionOf, constraintsFor, hasPermission, type Action } from './permissions.ts';
export { currentPepperId, digest, peppers, randomString, KEY_LENGTH, SECRET_LENGTH, TOKEN_PREFIX } from './tokens.ts';
export { createToken, tokenSecret, type NewToken, type TokenOptions, type TokenSecret } from './createToken.ts';
export { ipInNetwork } from './authenticate.ts';
export { permissionPolicy, withDefaults, type PermissionPolicy } from './policy.ts';
export { callerOfUser } from './userCaller.ts';
