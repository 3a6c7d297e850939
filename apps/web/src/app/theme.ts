import { createTheme, Input, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import classes from './theme.module.css';

// A deep ink blue with enough contrast for white text at shades 6-9 (axe colour-contrast).
const ink: MantineColorsTuple = [
  '#eef3fa',
  '#dbe4f1',
  '#b3c6e2',
  '#88a6d3',
  '#648bc6',
  '#4c7abf',
  '#3f6cb0',
  '#2f5893',
  '#264a7c',
  '#1f3a5f',
];

export const theme = createTheme({
  primaryColor: 'ink',
  primaryShade: 7,
  colors: { ink },
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
  // Menus, popovers and other transitions of mounted elements do not fade for whoever asks their system
  // for less motion. A modal mounted on opening is seen to in `AppProviders` (`useAppTheme`).
  respectReducedMotion: true,
  components: {
    Button: { defaultProps: { radius: 'md' } },
    TextInput: { defaultProps: { radius: 'md' } },
    PasswordInput: { defaultProps: { radius: 'md' } },
    Paper: { defaultProps: { radius: 'lg' } },
    InputWrapper: { styles: { description: { color: 'var(--mantine-color-gray-7)' } } },
    Input: Input.extend({ classNames: { input: classes.input } }),
  },
});

/** Mantine's default "dimmed" grey is below 4.5:1 on white; use a darker one (axe colour-contrast). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
