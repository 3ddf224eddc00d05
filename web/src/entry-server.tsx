import { Writable } from 'node:stream';
import createEmotionServer from '@emotion/server/create-instance';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppProviders } from './app/AppProviders';
import { AppRoutes } from './app/AppRoutes';
import { makeStore } from './app/store';
import type { HeadCollector } from './seo/PageHead';
import { buildHeadHtml } from './seo/head';
import { createEmotionCache } from './theme/emotionCache';

export { PUBLIC_ROUTES } from './content';

export interface RenderedPage {
  /** Markup for inside #root. */
  html: string;
  /** Title, meta, canonical, JSON-LD and the critical emotion styles. */
  head: string;
  status: number;
  /** Title (without suffix) and description the page declared. */
  title: string;
  description: string;
  noindex: boolean;
  /** JSON-LD texts exactly as inlined, for the CSP hash list. */
  jsonLd: string[];
  /** Source modules of the lazy pages that rendered (Vite manifest keys). */
  modules: string[];
}

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    stream
      .pipe(
        new Writable({
          write(chunk: Buffer, _encoding, callback) {
            chunks.push(Buffer.from(chunk));
            callback();
          },
        }),
      )
      .on('finish', resolve)
      .on('error', reject);
  });
  return Buffer.concat(chunks).toString('utf8');
}

/** Renders one route to static HTML, waiting for every lazy page so the file is complete. */
export async function render(url: string, origin: string): Promise<RenderedPage> {
  const cache = createEmotionCache();
  const emotion = createEmotionServer(cache);
  const collector: HeadCollector = { status: 200 };
  const modules = new Set<string>();

  const { prelude } = await prerenderToNodeStream(
    <AppProviders
      store={makeStore()}
      cache={cache}
      origin={origin}
      head={collector}
      renderedModules={modules}
    >
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </AppProviders>,
    // Large boundaries would otherwise be "outlined" into a template plus an inline
    // completion script, which the CSP blocks; a static page has no use for streaming.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await streamToString(prelude);
  if (!collector.meta) throw new Error(`${url}: no page declared its head (PageHead missing)`);

  // data-s marks the tags as already where emotion wants them (in the head), so the browser's
  // emotion does not move each one again when it loads: every move re-adds a style sheet.
  const styles = emotion
    .constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html))
    .replaceAll('<style data-emotion=', '<style data-s="" data-emotion=');
  const head = buildHeadHtml(collector.meta, origin);
  const jsonLd = [
    ...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g),
  ].map((match) => match[1]);
  return {
    html,
    head: `${head}\n    ${styles}`,
    status: collector.status,
    title: collector.meta.title,
    description: collector.meta.description,
    noindex: collector.meta.noindex === true,
    jsonLd,
    modules: [...modules],
  };
}
