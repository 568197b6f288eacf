import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from "@mantine/core";

/** Tasted's warm "paprika" orange; index 6 is the brand colour used for primary actions. */
const paprika: MantineColorsTuple = [
  "#fff4e6",
  "#ffe8cc",
  "#ffd8a8",
  "#ffc078",
  "#ffa94d",
  "#ff922b",
  "#e8590c",
  "#d9480f",
  "#c2410c",
  "#9a3412",
];

export const theme = createTheme({
  primaryColor: "paprika",
  // Shade 8 keeps white text on filled buttons above 4.5:1 (WCAG AA) in both schemes; links in
  // dark mode use shade 4 (Mantine's default), which reads well on the dark background.
  primaryShade: { light: 8, dark: 8 },
  colors: { paprika },
  fontFamily: "'Inter Variable', Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  headings: {
    fontFamily: "'Fraunces Variable', Georgia, 'Times New Roman', serif",
    fontWeight: "650",
  },
  defaultRadius: "md",
  cursorType: "pointer",
  autoContrast: true,
  components: {
    Button: { defaultProps: { radius: "xl" } },
    Select: { defaultProps: { maxDropdownHeight: "24rem" } },
    // Dialogs render their title bar as <header>, which assistive tech reads as a second page
    // banner landmark; inside a dialog it is only a layout box.
    // Their close button has no accessible name of its own either.
    Modal: {
      defaultProps: {
        attributes: { header: { role: "presentation" } },
        closeButtonProps: { "aria-label": "Close" },
      },
    },
    Drawer: {
      defaultProps: {
        attributes: { header: { role: "presentation" } },
        closeButtonProps: { "aria-label": "Close" },
      },
    },
  },
});

/**
 * Mantine's default "dimmed" grey is about 3.2:1 on our light background and 4.1:1 on dark,
 * below WCAG AA for body text; these keep secondary text readable in both schemes. Likewise its
 * error red (form field messages): red.6 is 3.3:1 on white and red.8 3.4:1 on the dark body;
 * red.9 (5.5:1) and red.4 (6.7:1) keep field errors readable.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { "--mantine-color-dimmed": "#5c5f66", "--mantine-color-error": "#c92a2a" },
  dark: { "--mantine-color-dimmed": "#a6a7ab", "--mantine-color-error": "#ff8787" },
});
