// What vuetify/lib/iconsets/mdi-svg.js imports from "../composables/icons.js": the SVG icon component, taken from
// the prebuilt bundle already on the page (one Vue, one Vuetify), instead of Vuetify's unbundled sources.
export const { VSvgIcon } = Vuetify.components;
