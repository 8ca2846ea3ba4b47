// Stands in for Google Tag Manager's gtm.js in the end-to-end tests: it notes which container the page asked for.
window.fakeTagManagerContainer = new URL(document.currentScript.src).searchParams.get('id');
