/**
 * The login form's directory branch (LDAP_URL set): a name with no password of Linea's is
 * checked by binding to the directory as the person. Accounts with a local password (the
 * break-glass admin among them) never reach it.
 */
import type { Context } from 'koa';
import { usernameSchema } from '../../../commands/users/decide.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { DirectoryUnavailableError } from '../../../infra/auth/ldap.js';
import type { AppDeps } from '../../deps.js';
import { signInFromDirectory, type SignedIn } from './directorySignIn.js';

/** The attempt's keys in the login limits, given back as a local login's are. */
export interface AttemptKeys {
  address: string;
  user: string;
}

export async function ldapLogin(deps: AppDeps, ctx: Context, input: { username: string; password: string }, keys: AttemptKeys, invalid: () => Error): Promise<SignedIn> {
  const directory = deps.ldap!;
  const name = usernameSchema.safeParse(input.username);
  if (!name.success) throw invalid();
  const person = await directory.authenticate(name.data, input.password).catch(async (err: unknown) => {
    if (!(err instanceof DirectoryUnavailableError)) throw err;
    // Nothing was checked: the attempt counts for neither allowance.
    await Promise.all([deps.addressLimiter.giveBack(keys.address), deps.limiter.giveBack(keys.user)]);
    deps.log.error({ err: err.message }, 'LDAP directory unavailable');
    ctx.set('Retry-After', '5');
    throw new DomainError('DIRECTORY_UNAVAILABLE', 503, 'La directory aziendale non risponde: riprova tra qualche minuto');
  });
  if (!person) throw invalid();
  await deps.addressLimiter.giveBack(keys.address);
  await deps.limiter.succeed(keys.user);
  return signInFromDirectory(
    deps,
    directory.roleMap,
    { directory: 'ldap', subject: person.subject, username: name.data, displayName: person.displayName, groups: person.groups },
    ctx.state.correlationId as string | undefined,
  );
}
