import 'reflect-metadata';
import { parseArgs } from 'node:util';
import mongoose from 'mongoose';
import { MongoEnv, loadConfig } from '@handcheck/server-kit';
import { AdminCreationError, AdminUsersRepository } from '../admin-users.repository';
import { AdminUser, AdminUserSchema } from '../schemas/admin-user.schema';
import { readPassword } from './read-password';

// `npm run admin:create -- --email <address>`: creates an admin in the MongoDB of MONGO_URL.
// The password comes from a prompt without echo, or from stdin when piped; never from an
// argument (it would sit in the shell history and in `ps`).

/** The --email value; undefined for anything else on the command line (a --password above all). */
function emailArgument(argv: string[]): string | undefined {
  try {
    return parseArgs({ args: argv, options: { email: { type: 'string' } } }).values.email;
  } catch {
    return undefined;
  }
}

export async function main(argv = process.argv.slice(2)): Promise<number> {
  const email = emailArgument(argv);
  if (!email) {
    console.error(
      'Usage: npm run admin:create -- --email <address>\n' +
        'The password is asked for (or read from stdin when piped), never passed as an argument.',
    );
    return 2;
  }
  const env = loadConfig('admin:create', MongoEnv);
  const password = await readPassword(process.stdin, process.stderr);
  const connection = await mongoose
    .createConnection(env.MONGO_URL, { serverSelectionTimeoutMS: 5000 })
    .asPromise();
  try {
    const users = connection.model(AdminUser.name, AdminUserSchema);
    await users.init();
    const created = await new AdminUsersRepository(users).create(email, password);
    console.log(`Admin ${created.email} created.`);
    return 0;
  } catch (error) {
    if (error instanceof AdminCreationError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await connection.close();
  }
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
