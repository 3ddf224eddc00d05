import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { makeStore } from '../../app/store';
import { directoryApi, type Specialist } from './directoryApi';
import { SpecialistDirectory } from './SpecialistDirectory';

const person = (id: string, location: string, note: string | null = null): Specialist => ({
  id,
  name: `Dr ${id}`,
  specialty_note: note,
  clinic: `Clinic ${id}`,
  location,
  url: `https://clinic.example.org/${id}`,
});

/** The component's markup for a store whose directory answer is `data` (undefined: none yet). */
async function render(data?: Specialist[]): Promise<string> {
  const store = makeStore();
  if (data) {
    // The store's type has the API's slice as optional (it is injected lazily): dispatch untyped.
    const dispatch = store.dispatch as unknown as (action: unknown) => Promise<unknown>;
    await dispatch(
      directoryApi.util.upsertQueryData('activeSpecialists', undefined, { specialists: data }),
    );
  }
  const html = renderToStaticMarkup(
    <Provider store={store}>
      <SpecialistDirectory />
    </Provider>,
  );
  store.dispatch(directoryApi.util.resetApiState());
  return html;
}

describe('SpecialistDirectory', () => {
  it('shows placeholder blocks, hidden from screen readers, while loading', async () => {
    const html = await render();
    expect(html).toContain('data-testid="directory-loading"');
    expect(html).toContain('aria-hidden="true"');
    expect(html).toContain('MuiSkeleton');
    expect(html).not.toContain('Specialist Directory');
  });

  it('shows nothing when no specialist is active', async () => {
    expect(await render([])).toBe('');
  });

  it('lists them under one heading per location, with links out in a new tab', async () => {
    const html = await render([
      person('a', 'Bristol, UK', 'Wrists'),
      person('b', 'Bristol, UK'),
      person('c', 'Leeds, UK'),
    ]);
    const headings = [...html.matchAll(/<h3[^>]*>([^<]*)<\/h3>/g)].map((m) => m[1]);
    expect(headings).toEqual(['Bristol, UK', 'Leeds, UK']);
    expect(html).toContain('Wrists');
    expect((html.match(/target="_blank"/g) ?? []).length).toBe(3);
    expect((html.match(/rel="noopener noreferrer"/g) ?? []).length).toBe(3);
    expect(html).toContain('for Dr a, Clinic a (opens in a new tab)');
    expect(html.indexOf('Dr a')).toBeLessThan(html.indexOf('Dr b'));
  });

  it('shows an entry without a link when its address is not https', async () => {
    const html = await render([{ ...person('a', 'York'), url: 'http://clinic.example.org/a' }]);
    expect(html).toContain('Clinic a');
    expect(html).not.toContain('href=');
  });
});
