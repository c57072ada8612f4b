/**
 * US ZIP reference data from the maintained `zipcodes` package: the zip lookup
 * and the address check ('Zip code OFF' when zip, city and state disagree).
 */
import zipcodes from 'zipcodes';

export interface ZipPlace {
  city: string;
  state: string;
  country: string;
  zipCode: string;
}

export function lookupZip(zipCode: string): ZipPlace[] {
  const found = zipcodes.lookup(zipCode);
  if (!found) return [];
  return [{ city: found.city, state: found.state, country: found.country, zipCode: found.zip }];
}

export function checkAddress(a: { address1: string; zipCode: string; city: string; state: string }): {
  addressIsValid: boolean;
  message: string;
} {
  const place = zipcodes.lookup(a.zipCode);
  if (!place) return { addressIsValid: false, message: 'INVALID ADDRESS: Address Not Found.' };
  const sameCity = place.city.localeCompare(a.city.trim(), 'en', { sensitivity: 'base' }) === 0;
  if (!sameCity || place.state !== a.state.toUpperCase()) {
    return { addressIsValid: false, message: `Zip code OFF: ${a.zipCode} is ${place.city}, ${place.state}.` };
  }
  // The street must at least start with a house number and a name, as USPS needs.
  if (!/^\s*\d+[A-Za-z]?\s+\S+/.test(a.address1)) {
    return { addressIsValid: false, message: 'INVALID ADDRESS: Address Not Found.' };
  }
  return { addressIsValid: true, message: 'Address is valid.' };
}
