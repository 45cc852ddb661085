import { makeStaticStyles } from '@fluentui/react-components';

/**
 * Page-wide rules every screen gets from the shell, whatever component it is built from:
 * no horizontal page scroll on a phone (wide content scrolls inside its own box), full-screen
 * dialogs and 44 px touch targets below 640 px, and third-party widgets readable in dark mode.
 */
export const useGlobalStyles = makeStaticStyles(`
  html, body { margin: 0; max-width: 100%; overflow-x: hidden; }
  html[data-theme='dark'] body { background-color: #1f1f1f; }
  #main-content { min-width: 0; overflow-wrap: break-word; }
  #main-content img, #main-content video, #main-content canvas, #main-content iframe { max-width: 100%; }
  #main-content pre { overflow-x: auto; }
  @media (max-width: 1023px) {
    #main-content table { display: block; max-width: 100%; overflow-x: auto; }
  }
  @media (max-width: 639px) {
    .fui-DialogSurface {
      width: 100vw !important; max-width: 100vw !important; height: 100dvh; max-height: 100dvh !important;
      border-radius: 0 !important; box-sizing: border-box; inset: 0 !important; margin: 0 !important;
    }
    .fui-Button, .fui-MenuButton, .fui-ToggleButton, .fui-MenuItem, .fui-NavItem, .fui-Tab, .fui-Link, .fui-Input, .fui-Dropdown, .fui-Combobox, .fui-Select select {
      min-height: 44px;
    }
    .fui-Checkbox__indicator, .fui-Radio__indicator { margin: 12px; }
  }
  /* Links in the map's attribution line are told apart from its text by more than colour (WCAG 1.4.1). */
  .leaflet-container .leaflet-control-attribution a { text-decoration: underline; }
  html[data-theme='dark'] .leaflet-container { background: #303030; }
  html[data-theme='dark'] .leaflet-tile-pane { filter: brightness(0.8) contrast(1.1); }
  html[data-theme='dark'] .leaflet-control a, html[data-theme='dark'] .leaflet-popup-content-wrapper, html[data-theme='dark'] .leaflet-popup-tip {
    background: #2b2b2b; color: #f0f0f0;
  }
  html[data-theme='dark'] .leaflet-control-attribution { background: rgba(30, 30, 30, 0.8) !important; color: #e0e0e0; }
  html[data-theme='dark'] .leaflet-control-attribution a { color: #8fc3ff; }
  html[data-theme='dark'] .ck.ck-editor, html[data-theme='dark'] .ck-body-wrapper {
    --ck-color-base-background: #1f1f1f; --ck-color-base-foreground: #2b2b2b; --ck-color-base-border: #5c5c5c;
    --ck-color-text: #f0f0f0; --ck-color-toolbar-background: #2b2b2b; --ck-color-toolbar-border: #5c5c5c;
    --ck-color-button-default-hover-background: #3d3d3d; --ck-color-button-on-background: #3d3d3d;
    --ck-color-button-on-hover-background: #474747; --ck-color-dropdown-panel-background: #2b2b2b;
    --ck-color-panel-background: #2b2b2b; --ck-color-input-background: #1f1f1f; --ck-color-input-text: #f0f0f0;
    --ck-color-list-background: #2b2b2b; --ck-color-list-button-hover-background: #3d3d3d;
    --ck-color-labeled-field-label-background: #2b2b2b; --ck-color-base-active: #479ef5;
  }
  html[data-theme='dark'] .ck.ck-content { color: #f0f0f0; background: #1f1f1f; }
`);
