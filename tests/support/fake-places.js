/*
 * A stand-in for Google's legacy Places Autocomplete (GOOGLE_PLACES_API=legacy), so the legacy input's unit tests pick
 * an address without Google: imported in jsdom, it installs itself on the test's window at once. (The end-to-end tests
 * run Places API (New), the default, and serve fake-places-new.js.)
 *
 * It offers one suggestion, 1600 Amphitheatre Pkwy, Mountain View, CA 94043, as soon as the visitor types into the
 * input it is attached to. The suggestion is a role="option" in a role="listbox" appended to the body; the visitor picks
 * it with ArrowDown then Enter, or by clicking it. Picking fills the input as Google does and fires `place_changed` to
 * every listener; `getPlace()` then returns the same place object until the next pick.
 *
 * `google.maps.places.Autocomplete.instances` lists the instances created, with the `input` and `options` each got.
 */
(function installFakePlaces() {
  'use strict';

  var PLACE = {
    formatted_address: '1600 Amphitheatre Pkwy, Mountain View, CA 94043, USA',
    address_components: [
      { long_name: '1600', short_name: '1600', types: ['street_number'] },
      { long_name: 'Amphitheatre Parkway', short_name: 'Amphitheatre Pkwy', types: ['route'] },
      { long_name: 'Mountain View', short_name: 'Mountain View', types: ['locality', 'political'] },
      {
        long_name: 'Santa Clara County',
        short_name: 'Santa Clara County',
        types: ['administrative_area_level_2', 'political'],
      },
      { long_name: 'California', short_name: 'CA', types: ['administrative_area_level_1', 'political'] },
      { long_name: 'United States', short_name: 'US', types: ['country', 'political'] },
      { long_name: '94043', short_name: '94043', types: ['postal_code'] },
    ],
  };

  function Autocomplete(input, options) {
    var self = this;
    self.input = input;
    self.options = options || {};
    self.place = undefined;
    self.listeners = [];
    Autocomplete.instances.push(self);

    var list = document.createElement('div');
    list.className = 'pac-container';
    list.setAttribute('role', 'listbox');
    list.hidden = true;
    var item = document.createElement('div');
    item.className = 'pac-item';
    item.setAttribute('role', 'option');
    item.setAttribute('aria-selected', 'false');
    item.textContent = PLACE.formatted_address;
    list.appendChild(item);
    document.body.appendChild(list);

    function highlight(on) {
      item.setAttribute('aria-selected', on ? 'true' : 'false');
      item.classList.toggle('pac-item-selected', on);
    }

    function pick() {
      list.hidden = true;
      highlight(false);
      input.value = PLACE.formatted_address;
      self.place = JSON.parse(JSON.stringify(PLACE));
      self.listeners.slice().forEach(function (listener) {
        if (listener.event === 'place_changed') listener.handler();
      });
    }

    input.setAttribute('autocomplete', 'off');
    input.addEventListener('input', function () {
      list.hidden = input.value.trim() === '';
      highlight(false);
    });
    input.addEventListener('keydown', function (event) {
      if (list.hidden) return;
      if (event.key === 'ArrowDown') {
        event.preventDefault();
        highlight(true);
      } else if (event.key === 'Enter' && item.getAttribute('aria-selected') === 'true') {
        pick();
      } else if (event.key === 'Escape') {
        list.hidden = true;
      }
    });
    input.addEventListener('blur', function () {
      list.hidden = true;
    });
    // On mousedown, as Google does, so the input's blur does not hide the list before the click lands.
    item.addEventListener('mousedown', function (event) {
      event.preventDefault();
      pick();
    });
  }

  Autocomplete.instances = [];

  Autocomplete.prototype.addListener = function (event, handler) {
    var listeners = this.listeners;
    var listener = { event: event, handler: handler };
    listeners.push(listener);
    return {
      remove: function () {
        var index = listeners.indexOf(listener);
        if (index >= 0) listeners.splice(index, 1);
      },
    };
  };
  Autocomplete.prototype.getPlace = function () {
    return this.place;
  };
  Autocomplete.prototype.setFields = function () {};
  Autocomplete.prototype.setBounds = function () {};
  Autocomplete.prototype.setComponentRestrictions = function () {};
  Autocomplete.prototype.setOptions = function () {};

  var google = (window.google = window.google || {});
  var maps = (google.maps = google.maps || {});
  maps.places = { Autocomplete: Autocomplete };

  var script = document.currentScript;
  var callback = script && script.src ? new URL(script.src).searchParams.get('callback') : null;
  if (callback) {
    var target = callback.split('.').reduce(function (scope, name) {
      return scope ? scope[name] : undefined;
    }, window);
    if (typeof target === 'function') target();
  }
})();
