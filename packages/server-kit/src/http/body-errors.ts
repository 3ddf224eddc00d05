import { type NextFunction, type Request, type Response } from 'express';

/**
 * express.json() rejects oversized or malformed bodies before Nest sees them;
 * answer those in our error shape with words a person understands.
 */
export function bodyParserErrors(limitText: string) {
  return (error: unknown, req: Request, res: Response, next: NextFunction): void => {
    const type = (error as { type?: string } | null)?.type;
    const base = { timestamp: new Date().toISOString(), path: req.path };
    if (type === 'entity.too.large') {
      res.status(413).json({
        statusCode: 413,
        ...base,
        message: `The request body is larger than ${limitText}.`,
      });
      return;
    }
    if (type === 'entity.parse.failed') {
      res
        .status(400)
        .json({ statusCode: 400, ...base, message: 'The request body is not valid JSON.' });
      return;
    }
    if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
      res
        .status(415)
        .json({ statusCode: 415, ...base, message: 'The request body must be UTF-8 JSON.' });
      return;
    }
    next(error);
  };
}
