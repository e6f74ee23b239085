// The example's screens, built with the SDK's typed builders: a typo in a widget name does not compile.
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${…} in a screen string is a binding the client fills
import {
  back,
  button,
  card,
  form,
  heading,
  type Identity,
  list,
  listItem,
  networkRequest,
  openPage,
  refresh,
  type ScreenWidget,
  screen,
  setState,
  showToast,
  submitForm,
  text,
  textField,
} from '@miniapps/sdk';
import type { Note } from './notes-store.js';

export function homeScreen(user: Identity, noteCount: number): ScreenWidget {
  const greeting = user.name ? `Hello, ${user.name}!` : 'Hello!';
  return screen({
    title: 'Notes',
    children: [
      heading({ text: greeting, level: 1 }),
      text({
        text: user.group
          ? `Group ${user.group}${user.course ? `, course ${user.course}` : ''}.`
          : 'Share your profile and group to see them here.',
        style: 'caption',
      }),
      list({
        items: [
          listItem({
            title: 'My notes',
            subtitle: `${noteCount} saved`,
            onTap: openPage('/notes'),
          }),
          listItem({
            title: 'Recent notes',
            subtitle: 'Loaded by the screen itself',
            onTap: openPage('/recent'),
          }),
          listItem({ title: 'About this app', onTap: openPage('/about') }),
        ],
      }),
    ],
  });
}

export function notesScreen(notes: readonly Note[]): ScreenWidget {
  return screen({
    title: 'My notes',
    refreshable: true,
    onRefresh: refresh(),
    children: [
      list({
        emptyText: 'No notes yet.',
        items: notes.map((note) =>
          listItem({
            title: note.text,
            subtitle: note.createdAt.slice(0, 10),
            trailing: button({
              label: 'Delete',
              style: 'danger',
              onTap: networkRequest(`/api/notes/${note.id}`, {
                method: 'DELETE',
                onSuccess: [showToast('Deleted'), refresh()],
              }),
            }),
          }),
        ),
      }),
      card({
        children: [
          form({
            id: 'new-note',
            children: [textField({ name: 'text', label: 'New note', maxLength: 500, required: true })],
            onSubmit: submitForm({
              formId: 'new-note',
              url: '/api/notes',
              method: 'POST',
              onSuccess: [showToast('Saved'), refresh()],
            }),
          }),
        ],
      }),
    ],
  });
}

/**
 * The same notes, fetched by the screen: the origin sends one fixed screen, its onLoad asks `/api/notes` and
 * keeps the answer in state (resultTo), and the list draws from it. Bindings are screen text, not TS templates.
 */
export function recentScreen(): ScreenWidget {
  return screen({
    title: 'Recent notes',
    state: { answer: { notes: [] }, loaded: false },
    onLoad: networkRequest('/api/notes', {
      resultTo: 'state.answer',
      onSuccess: setState({ 'state.loaded': true }),
    }),
    children: [
      list({
        itemsFrom: '${state.answer.notes}',
        emptyText: 'No notes yet.',
        itemTemplate: listItem({ title: '${item.text}', subtitle: 'Note ${index} · ${item.createdAt}' }),
      }),
      text({ text: '${state.answer.notes.length} note(s)', style: 'caption', visibleIf: '${state.loaded}' }),
    ],
  });
}

export function aboutScreen(): ScreenWidget {
  return screen({
    title: 'About',
    children: [
      text({
        text:
          "A remote mini-app: these screens come from the developer's own https server, through the platform proxy, " +
          'which signs who you are. Your notes are stored under an id that means nothing outside this app.',
      }),
      button({ label: 'Back', style: 'text', onTap: back() }),
    ],
  });
}
