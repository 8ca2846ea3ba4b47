/*
 * A stand-in for the Maps JavaScript API's Places library as Places API (New) uses it, so tests get address
 * suggestions without Google. Serve this file for https://maps.googleapis.com/maps/api/js*; like Google's script it
 * then calls the function named by the `callback` query parameter of its own URL.
 *
 * `google.maps.importLibrary('places')` gives AutocompleteSuggestion, AutocompleteSessionToken and Place.
 * fetchAutocompleteSuggestions suggests the addresses below whose text starts with the input; toPlace() gives a Place
 * whose fetchFields fills addressComponents and formattedAddress.
 *
 * `window.fakePlacesMode`, read at every call: undefined answers; 'denied' rejects as Google does for a key refused
 * for Places API (New); 'quota' rejects as Google does over quota; 'hang' never answers.
 * `window.fakePlacesCalls` lists the calls: { call: 'suggest', input, token, request } and
 * { call: 'fetchFields', token, fields }, where token is the session token's number (1, 2, ...).
 */
(function installFakePlacesNew() {
  'use strict';

  function component(longText, shortText, types) {
    return { longText: longText, shortText: shortText, types: types };
  }

  var ADDRESSES = [
    {
      main: '1600 Amphitheatre Pkwy',
      secondary: 'Mountain View, CA, USA',
      components: [
        component('1600', '1600', ['street_number']),
        component('Amphitheatre Parkway', 'Amphitheatre Pkwy', ['route']),
        component('Mountain View', 'Mountain View', ['locality', 'political']),
        component('Santa Clara County', 'Santa Clara County', ['administrative_area_level_2', 'political']),
        component('California', 'CA', ['administrative_area_level_1', 'political']),
        component('United States', 'US', ['country', 'political']),
        component('94043', '94043', ['postal_code']),
      ],
    },
    {
      main: '1600 Pennsylvania Avenue NW',
      secondary: 'Washington, DC, USA',
      components: [
        component('1600', '1600', ['street_number']),
        component('Pennsylvania Avenue Northwest', 'Pennsylvania Avenue NW', ['route']),
        component('Washington', 'Washington', ['locality', 'political']),
        component('District of Columbia', 'DC', ['administrative_area_level_1', 'political']),
        component('United States', 'US', ['country', 'political']),
        component('20500', '20500', ['postal_code']),
      ],
    },
    {
      main: '160 Broadway',
      secondary: 'New York, NY, USA',
      components: [
        component('160', '160', ['street_number']),
        component('Broadway', 'Broadway', ['route']),
        component('Manhattan', 'Manhattan', ['sublocality_level_1', 'sublocality', 'political']),
        component('New York', 'New York', ['locality', 'political']),
        component('New York', 'NY', ['administrative_area_level_1', 'political']),
        component('United States', 'US', ['country', 'political']),
        component('10038', '10038', ['postal_code']),
      ],
    },
  ];

  var calls = (window.fakePlacesCalls = []);
  var tokens = 0;

  /** What Google's promise does in the current mode: answer with `value`, reject, or never settle. */
  function answer(value) {
    var mode = window.fakePlacesMode;
    if (mode === 'hang') return new Promise(function () {});
    if (mode === 'denied') {
      return Promise.reject(
        new Error('PLACES_AUTOCOMPLETE: REQUEST_DENIED: This API key is not authorized to use this service or API.'),
      );
    }
    if (mode === 'quota') {
      return Promise.reject(new Error('PLACES_AUTOCOMPLETE: RESOURCE_EXHAUSTED: Quota exceeded for this API key.'));
    }
    return Promise.resolve(value);
  }

  function AutocompleteSessionToken() {
    tokens += 1;
    this.number = tokens;
  }

  function Place(address, token) {
    this.id = address.main;
    this.addressComponents = undefined;
    this.formattedAddress = undefined;
    this.address = address;
    this.token = token;
  }
  Place.prototype.fetchFields = function (options) {
    var place = this;
    calls.push({ call: 'fetchFields', token: place.token ? place.token.number : null, fields: options.fields });
    return answer({ place: place }).then(function (result) {
      if (options.fields.indexOf('addressComponents') >= 0) place.addressComponents = place.address.components;
      if (options.fields.indexOf('formattedAddress') >= 0) {
        place.formattedAddress = place.address.main + ', ' + place.address.secondary;
      }
      return result;
    });
  };

  function prediction(address, token) {
    return {
      text: { text: address.main + ', ' + address.secondary },
      mainText: { text: address.main },
      secondaryText: { text: address.secondary },
      toPlace: function () {
        return new Place(address, token);
      },
    };
  }

  var AutocompleteSuggestion = {
    fetchAutocompleteSuggestions: function (request) {
      var token = request.sessionToken;
      calls.push({ call: 'suggest', input: request.input, token: token ? token.number : null, request: request });
      var typed = request.input.trim().toLowerCase();
      var matching = ADDRESSES.filter(function (address) {
        return (address.main + ', ' + address.secondary).toLowerCase().indexOf(typed) === 0;
      });
      return answer({
        suggestions: matching.map(function (address) {
          return { placePrediction: prediction(address, token) };
        }),
      });
    },
  };

  var places = {
    AutocompleteSuggestion: AutocompleteSuggestion,
    AutocompleteSessionToken: AutocompleteSessionToken,
    Place: Place,
  };
  var google = (window.google = window.google || {});
  var maps = (google.maps = google.maps || {});
  maps.places = places;
  maps.importLibrary = function (name) {
    return name === 'places' ? Promise.resolve(places) : Promise.reject(new Error('no library ' + name));
  };

  var script = document.currentScript;
  var callback = script && script.src ? new URL(script.src).searchParams.get('callback') : null;
  if (callback) {
    var target = callback.split('.').reduce(function (scope, name) {
      return scope ? scope[name] : undefined;
    }, window);
    if (typeof target === 'function') target();
  }
})();
