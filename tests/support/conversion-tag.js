// Stands in for an ad platform's conversion tag, served from an origin of its own: it notes every dataLayer event,
// those pushed before it arrived and those after.
(() => {
  const seen = (window.conversionTagEvents = []);
  const note = (item) => {
    if (item !== null && typeof item === 'object' && typeof item.event === 'string') seen.push({ ...item });
  };
  const dataLayer = (window.dataLayer = window.dataLayer || []);
  dataLayer.forEach(note);
  const push = dataLayer.push.bind(dataLayer);
  dataLayer.push = (...items) => {
    items.forEach(note);
    return push(...items);
  };
})();
