import { act, render, screen } from '@testing-library/react';
import { MantineProvider, Menu, Modal } from '@mantine/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from './providers.tsx';
import { theme } from './theme.ts';

function DropdownMenu({ opened }: { opened: boolean }) {
  return (
    <MantineProvider theme={theme}>
      <Menu opened={opened}>
        <Menu.Target>
          <button type="button">Language</button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item>Català</Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </MantineProvider>
  );
}

/** A modal mounted when it opens, as the app's are (`opened` from the start). */
function OpenedModal() {
  return (
    <AppProviders>
      <Modal opened onClose={() => {}} title="Bonus">
        <p>Content</p>
      </Modal>
    </AppProviders>
  );
}

/** The transition of the open modal's content box (Mantine's `Transition` sets it inline). */
async function modalTransition() {
  const dialog = await screen.findByRole('dialog');
  const content = dialog.closest('.mantine-Modal-content') ?? dialog;
  return (content as HTMLElement).style.transitionDuration;
}

describe('the theme and a system asking for less motion', () => {
  const original = window.matchMedia;
  beforeEach(() => {
    // The setup's stub, answering yes to the reduced-motion query only.
    window.matchMedia = (query: string) => ({
      ...original(query),
      matches: query.includes('prefers-reduced-motion: reduce'),
    });
  });
  afterEach(() => {
    window.matchMedia = original;
  });

  it('opens a menu with no fade', async () => {
    const view = render(<DropdownMenu opened={false} />);
    await act(async () => {
      view.rerender(<DropdownMenu opened />);
    });
    // jsdom lays nothing out, so the positioning library hides the dropdown: its style still tells
    // whether it fades in (150 ms when motion is not reduced).
    const dropdown = await screen.findByRole('menu', { hidden: true });
    expect(dropdown.style.transitionDuration).toBe('');
    expect(dropdown.style.transitionProperty).toBe('');
  });

  it('opens a modal mounted on opening with no fade', async () => {
    render(<OpenedModal />);
    expect(await modalTransition()).toBe('');
  });
});

describe('the theme when the system asks nothing', () => {
  it('lets a modal mounted on opening fade in', async () => {
    render(<OpenedModal />);
    expect(await modalTransition()).not.toBe('');
  });
});
