/**
 * The Add product page's photos: an upload and its progress each, reordering by buttons, keys
 * and dragging, removing, retrying a failed one, and the limits (ten, pictures only).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { AddProductApiArg } from '../../lib/api/seller';
import { API, server } from '../../testing/server';
import { fillFields, renderAsSeller, sellerApi, UPLOAD } from './addProductTestSetup';

describe('Add product: several photos', () => {
  const named = (name: string) =>
    new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

  /**
   * The image host, answering the uploads in the order they arrive (the test's File does not
   * cross the network edge intact): 'ok' stores it as `/image-host/i/upload-<n>.png`, 'fail'
   * refuses it, 'hold' stores it once `release()` is called. Later uploads are stored.
   */
  function imageHost(answers: ('ok' | 'fail' | 'hold')[] = []) {
    let count = 0;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post(UPLOAD, async () => {
        count += 1;
        const answer = answers[count - 1] ?? 'ok';
        if (answer === 'hold') await held;
        if (answer === 'fail') {
          return HttpResponse.json(
            { success: false, error: { message: 'image: not an image' } },
            { status: 415 },
          );
        }
        return HttpResponse.json({
          success: true,
          data: { display_url: `/image-host/i/upload-${count}.png` },
        });
      }),
    );
    return { release, uploads: () => count };
  }

  function postedBodies() {
    const posted: AddProductApiArg['body'][] = [];
    server.use(
      http.post(`${API}/category`, async ({ request }) => {
        posted.push((await request.json()) as AddProductApiArg['body']);
        return HttpResponse.json({ acknowledged: true, insertedId: 'new-1' }, { status: 201 });
      }),
    );
    return posted;
  }

  const order = () =>
    within(screen.getByRole('list', { name: 'Photos' }))
      .getAllByRole('listitem')
      .map((item) => item.getAttribute('aria-label'));

  it('uploads each photo with its progress, reorders by buttons, removes, and posts them in order', async () => {
    sellerApi();
    const host = imageHost(['ok', 'hold', 'ok']);
    const posted = postedBodies();
    renderAsSeller();
    const user = userEvent.setup();
    await screen.findByLabelText('Product name');
    await fillFields(user);
    await user.upload(screen.getByLabelText('Product photo'), [
      named('front.png'),
      named('side.png'),
      named('back.png'),
    ]);

    // Each photo shows its own upload; the one held back is still going.
    const progress = await screen.findByRole('progressbar', { name: 'Uploading photo 2' });
    expect(progress).toHaveAttribute('aria-valuenow');
    await waitFor(() =>
      expect(screen.queryByRole('progressbar', { name: 'Uploading photo 1 (cover)' })).toBeNull(),
    );
    expect(order()).toEqual([
      'photo 1 (cover): front.png',
      'photo 2: side.png',
      'photo 3: back.png',
    ]);
    host.release();
    await waitFor(() =>
      expect(screen.queryByRole('progressbar', { name: 'Uploading photo 2' })).toBeNull(),
    );

    // The third becomes the cover by keyboard; focus follows it.
    await user.click(screen.getByRole('button', { name: 'Move left: photo 3' }));
    const moved = screen.getByRole('button', { name: 'Move left: photo 2' });
    expect(moved).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(order()).toEqual([
      'photo 1 (cover): back.png',
      'photo 2: front.png',
      'photo 3: side.png',
    ]);
    // At the start, 'Move left' is disabled and focus moves to 'Move right'.
    expect(screen.getByRole('button', { name: 'Move left: photo 1 (cover)' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move right: photo 1 (cover)' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Remove photo 3' }));
    expect(order()).toEqual(['photo 1 (cover): back.png', 'photo 2: front.png']);

    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Product added succesfull')).toBeInTheDocument();
    expect(host.uploads()).toBe(3);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({
      carPhoto: '/image-host/i/upload-3.png',
      photos: ['/image-host/i/upload-3.png', '/image-host/i/upload-1.png'],
    });
  });

  it('retries a failed photo, and posts with the photos that uploaded', async () => {
    sellerApi();
    // front.png is stored, bad.png and broken.png refused; bad.png's retry is stored.
    const host = imageHost(['ok', 'fail', 'fail', 'ok']);
    const posted = postedBodies();
    renderAsSeller();
    const user = userEvent.setup();
    await screen.findByLabelText('Product name');
    await fillFields(user);
    await user.upload(screen.getByLabelText('Product photo'), [
      named('front.png'),
      named('bad.png'),
      named('broken.png'),
    ]);
    const failed = await screen.findAllByText('Upload failed: image: not an image');
    expect(failed).toHaveLength(2);

    // Retry sends the second again, and it is stored.
    await user.click(screen.getByRole('button', { name: 'Retry photo 2' }));
    await waitFor(() => expect(screen.getAllByText(/^Upload failed/)).toHaveLength(1));
    expect(
      screen.getByText(/A photo that failed is left out unless you retry/),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Product added succesfull')).toBeInTheDocument();
    expect(host.uploads()).toBe(4);
    expect(posted[0]).toMatchObject({
      carPhoto: '/image-host/i/upload-1.png',
      photos: ['/image-host/i/upload-1.png', '/image-host/i/upload-4.png'],
    });
  });

  it('reorders by dragging a photo onto another place', async () => {
    sellerApi();
    imageHost();
    renderAsSeller();
    const user = userEvent.setup();
    await screen.findByLabelText('Product name');
    await user.upload(screen.getByLabelText('Product photo'), [
      named('front.png'),
      named('side.png'),
      named('back.png'),
    ]);
    const items = within(screen.getByRole('list', { name: 'Photos' })).getAllByRole('listitem');
    const dataTransfer = { setData: () => undefined, effectAllowed: 'none' };
    fireEvent.dragStart(items[2], { dataTransfer });
    fireEvent.dragOver(items[0], { dataTransfer });
    fireEvent.drop(items[0], { dataTransfer });
    fireEvent.dragEnd(items[2], { dataTransfer });
    expect(order()).toEqual([
      'photo 1 (cover): back.png',
      'photo 2: front.png',
      'photo 3: side.png',
    ]);
  });

  it('refuses more than ten photos and files that are not pictures', async () => {
    sellerApi();
    imageHost();
    renderAsSeller();
    const user = userEvent.setup({ applyAccept: false });
    await screen.findByLabelText('Product name');
    await user.upload(screen.getByLabelText('Product photo'), [
      ...Array.from({ length: 11 }, (_, i) => named(`car-${i + 1}.png`)),
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
    ]);
    expect(await screen.findByText('car-11.png: a car has at most 10 photos')).toBeInTheDocument();
    expect(
      screen.getByText('notes.txt: choose a JPEG, PNG, WebP or GIF image'),
    ).toBeInTheDocument();
    expect(order()).toHaveLength(10);
    expect(screen.getByLabelText('Product photo')).toBeDisabled();
  });
});
