import { describe, expect, it } from "vitest";
import { photonAddress } from "./photon-address.ts";

/**
 * Feature properties as photon.komoot.io answers them for real places (GeoJSON `properties`,
 * names in the place's own language): a London restaurant, a pub in an English village, a
 * Chicago pizzeria, a Berlin snack bar, and a village searched by name.
 */
const features = {
  london: {
    osm_type: "N",
    osm_id: 3_763_434_926,
    osm_key: "amenity",
    osm_value: "restaurant",
    type: "house",
    name: "Dishoom",
    housenumber: "12",
    street: "Upper St Martin's Lane",
    postcode: "WC2H 9FB",
    locality: "Seven Dials",
    district: "Covent Garden",
    city: "London",
    county: "Greater London",
    state: "England",
    country: "United Kingdom",
    countrycode: "GB",
  },
  village: {
    osm_type: "N",
    osm_id: 451_236_701,
    osm_key: "amenity",
    osm_value: "pub",
    type: "house",
    name: "The Bell Inn",
    street: "Bell Lane",
    postcode: "RG8 9SE",
    district: "Aldworth",
    county: "West Berkshire",
    state: "England",
    country: "United Kingdom",
    countrycode: "GB",
  },
  chicago: {
    osm_type: "N",
    osm_id: 368_196_143,
    osm_key: "amenity",
    osm_value: "restaurant",
    type: "house",
    name: "Lou Malnati's Pizzeria",
    housenumber: "439",
    street: "North Wells Street",
    postcode: "60654",
    district: "River North",
    city: "Chicago",
    county: "Cook County",
    state: "Illinois",
    country: "United States",
    countrycode: "US",
  },
  berlin: {
    osm_type: "N",
    osm_id: 1_230_452_807,
    osm_key: "amenity",
    osm_value: "fast_food",
    type: "house",
    name: "Curry 36",
    housenumber: "36",
    street: "Mehringdamm",
    postcode: "10961",
    locality: "Chamissokiez",
    district: "Kreuzberg",
    city: "Berlin",
    state: "Berlin",
    country: "Deutschland",
    countrycode: "DE",
  },
  villageItself: {
    osm_type: "N",
    osm_id: 26_873_904,
    osm_key: "place",
    osm_value: "village",
    type: "city",
    name: "Grasmere",
    postcode: "LA22 9SW",
    county: "Westmorland and Furness",
    state: "England",
    country: "United Kingdom",
    countrycode: "GB",
  },
};

describe("photonAddress", () => {
  it("a London restaurant: its postcode in the address, Greater London its region, not England", () => {
    expect(photonAddress(features.london)).toEqual({
      address: "12 Upper St Martin's Lane, London WC2H 9FB, United Kingdom",
      city: "London",
      region: "Greater London",
    });
  });

  it("an English village pub without a city: the village is its town, the county its region", () => {
    expect(photonAddress(features.village)).toEqual({
      address: "Bell Lane, Aldworth RG8 9SE, United Kingdom",
      city: "Aldworth",
      region: "West Berkshire",
    });
  });

  it("a village found by its own name is its own town", () => {
    expect(photonAddress(features.villageItself)).toEqual({
      address: "Grasmere LA22 9SW, United Kingdom",
      city: "Grasmere",
      region: "Westmorland and Furness",
    });
  });

  it("a US city: the state is the region and is written before the ZIP code", () => {
    expect(photonAddress(features.chicago)).toEqual({
      address: "439 North Wells Street, Chicago, Illinois 60654, United States",
      city: "Chicago",
      region: "Illinois",
    });
  });

  it("a German address: number after the street, postcode before the town", () => {
    expect(photonAddress(features.berlin)).toEqual({
      address: "Mehringdamm 36, 10961 Berlin, Deutschland",
      city: "Berlin",
      region: "Berlin",
    });
  });

  it("a street feature names its street; a feature with nothing says nothing", () => {
    expect(
      photonAddress({
        osm_key: "highway",
        osm_value: "residential",
        type: "street",
        name: "Canal Road",
        postcode: "LS12 2PL",
        city: "Leeds",
        county: "West Yorkshire",
        state: "England",
        country: "United Kingdom",
        countrycode: "GB",
      }).address,
    ).toBe("Canal Road, Leeds LS12 2PL, United Kingdom");
    expect(photonAddress({})).toEqual({ address: null, city: null, region: null });
  });
});
