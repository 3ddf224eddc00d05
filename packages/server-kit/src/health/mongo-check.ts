import { type Connection } from 'mongoose';
import { withTimeout } from './engine-checks';

/** A MongoDB (or FerretDB) server is up when it answers ping on our connection. */
export async function checkMongo(connection: Connection, timeoutMs = 2000): Promise<void> {
  const db = connection.db;
  if (!db || connection.readyState !== 1) throw new Error('MongoDB is not connected');
  await withTimeout(db.admin().ping(), timeoutMs, 'MongoDB');
}
