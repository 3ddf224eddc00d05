import 'reflect-metadata';
import mongoose from 'mongoose';
import { MongoEnv, loadConfig } from '@handcheck/server-kit';
import { AdminCreationError, createAdmin } from '../admin-users';
import { AdminUser, AdminUserSchema } from '../schemas/admin-user.schema';
import { readPassword } from './read-password';

// `npm run admin:create -- --email <address>`: creates an admin in the MongoDB of MONGO_URL.
// The password comes from a prompt without echo, or from stdin when piped; never from an
// argument (it would sit in the shell history and in `ps`).

function emailArgument(argv: string[]): string | undefined {
  const index = argv.indexOf('--email');
  if (index >= 0) return argv[index + 1];
  return argv.find((arg) => arg.startsWith('--email='))?.slice('--email='.length);
}

export async function main(argv = process.argv.slice(2)): Promise<number> {
  const email = emailArgument(argv);
  if (!email || argv.some((arg) => arg.startsWith('--password'))) {
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
    const created = await createAdmin(users, email, password);
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
