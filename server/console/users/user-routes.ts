/**
 * The console's users, for admins (the spec's users_list, invite_users, user_detail_by_id, update_user,
 * change_status): list (with the accounts locked out now), invite (a one-time link to set a password, valid 72
 * hours, for the admin to pass on), look up, change role, disable (ending the user's sessions at once) and enable.
 * No admin can disable or demote themself or the last active admin. Every change goes to the audit log.
 */
import type { FastifyInstance } from 'fastify';
import {
  ACCESS,
  changeStatusBody,
  inviteBody,
  inviteResponse,
  invitationPage,
  updateUserBody,
  USERS_PATH,
  userResponse,
  usersResponse,
  type InviteBody,
  type Role,
} from '../../../contracts/console.ts';
import { errorResponse } from '../../../contracts/api.ts';
import { allow, signedIn } from '../access.ts';
import { emailProblem, normalEmail } from '../../../contracts/accounts.ts';
import { auditOf, recordAudit } from '../audit/audit.ts';
import { CONSOLE_BODY_LIMIT } from '../request-limits.ts';
import { fieldErrors, invalidFields } from '../../platform/http/field-errors.ts';
import { inviteToken } from './invitations.ts';
import { accountLocks } from '../sign-in/sign-in-attempts.ts';
import { changeRole, changeStatus, createUser, findUser, listUsers, reinvitedUser } from './users.ts';
import { linkOnThisHost, noSuchUser, userIdParams } from './user-params.ts';
import type { Database } from '../../platform/db/types.ts';
import { ClientError } from '../../platform/http/errors.ts';

const USER_PATH = `${USERS_PATH}/:id`;
const errors = { '4xx': errorResponse } as const;

export function registerConsoleUserRoutes(app: FastifyInstance, db: Database, now: () => number): void {
  const admins = allow(ACCESS.users);

  app.get(USERS_PATH, { onRequest: admins, schema: { response: { 200: usersResponse, ...errors } } }, async () => {
    const users = await listUsers(db);
    const locks = new Map((await accountLocks(db, now())).map((lock) => [lock.account, lock]));
    return {
      users,
      locks: users.flatMap((user) => {
        const lock = locks.get(normalEmail(user.email));
        if (lock === undefined) return [];
        const { until, addresses, everywhere } = lock;
        return [{ user_id: user.id, until: until.toISOString(), addresses, everywhere }];
      }),
    };
  });

  app.post<{ Body: InviteBody }>(
    USERS_PATH,
    {
      onRequest: admins,
      schema: { body: inviteBody, response: { 201: inviteResponse, ...errors } },
      schemaErrorFormatter: fieldErrors('The invitation'),
      bodyLimit: CONSOLE_BODY_LIMIT,
    },
    async (request, reply) => {
      const email = normalEmail(request.body.email);
      const problem = emailProblem(email);
      if (problem !== undefined) {
        return reply
          .code(400)
          .send(invalidFields('The invitation', [{ field: 'email', keyword: 'format', message: problem }]));
      }
      const at = now();
      const created = await db.transaction(async (tx) => {
        // Inviting again someone who has not set a password yet gives a new link and ends the old ones.
        const user =
          (await createUser(tx, email, request.body.role, null)) ?? (await reinvitedUser(tx, email, request.body.role));
        return user === undefined ? undefined : { user, ...(await inviteToken(tx, user.id, at)) };
      });
      if (created === undefined) {
        throw new ClientError(409, 'user_exists', 'A user with this email exists already and has set a password');
      }
      await recordAudit(db, auditOf(request, 'user-invited', `${email} as ${request.body.role}`));
      return reply.code(201).send({
        user: created.user,
        invite_url: linkOnThisHost(request, invitationPage(created.token)),
        invite_expires_at: created.expiresAt.toISOString(),
      });
    },
  );

  app.get<{ Params: { id: string } }>(
    USER_PATH,
    { onRequest: admins, schema: { params: userIdParams, response: { 200: userResponse, ...errors } } },
    async (request) => {
      const user = await findUser(db, request.params.id);
      if (user === undefined) throw noSuchUser();
      return { user };
    },
  );

  app.patch<{ Params: { id: string }; Body: { role: Role } }>(
    USER_PATH,
    {
      onRequest: admins,
      schema: { params: userIdParams, body: updateUserBody, response: { 200: userResponse, ...errors } },
      schemaErrorFormatter: fieldErrors('The user'),
      bodyLimit: CONSOLE_BODY_LIMIT,
    },
    async (request) => {
      const user = await changeRole(db, signedIn(request).id, request.params.id, request.body.role);
      if (user === undefined) throw noSuchUser();
      await recordAudit(db, auditOf(request, 'user-updated', `${user.email} as ${user.role}`));
      return { user };
    },
  );

  app.post<{ Params: { id: string }; Body: { status: 'active' | 'disabled' } }>(
    `${USER_PATH}/status`,
    {
      onRequest: admins,
      schema: { params: userIdParams, body: changeStatusBody, response: { 200: userResponse, ...errors } },
      schemaErrorFormatter: fieldErrors('The status change'),
      bodyLimit: CONSOLE_BODY_LIMIT,
    },
    async (request) => {
      const { status } = request.body;
      const user = await changeStatus(db, signedIn(request).id, request.params.id, status, new Date(now()));
      if (user === undefined) throw noSuchUser();
      await recordAudit(db, auditOf(request, status === 'disabled' ? 'user-disabled' : 'user-enabled', user.email));
      return { user };
    },
  );
}
