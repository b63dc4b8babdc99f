// What other features may use of auth: the rest of the folder is its own.
export { getUserQueryOptions, useUser, userQueryKey, type User } from './api/get-user';
