/** A widget component imports its stylesheet for its effect only: Parcel bundles it, Node tools load it empty. */
declare module '*.css';
