// Words the bench data is made of. Dish names follow a long tail (a few words in many titles,
// some in a handful), so Explore's searches meet both a common word and a rare one.
import type { Random } from "./random.ts";

/** A comma-separated list written across lines, as an array. */
function list(text: string): string[] {
  return text
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

export const FIRST_NAMES = list(`
  Ada, Aiko, Alex, Amara, Ana, Andre, Anya, Ben, Bianca, Carlos, Chen, Chloe, Dana, Daniel,
  Dev, Elena, Emil, Eva, Farah, Felix, Gabe, Grace, Hana, Hugo, Ines, Isaac, Ivy, Jae, Jonas,
  Julia, Kai, Kenji, Lara, Leo, Lina, Luca, Maya, Marco, Mei, Mia, Nadia, Noah, Nora, Omar,
  Paula, Priya, Quinn, Rafael, Rosa, Sam, Sara, Sofia, Tariq, Theo, Uma, Victor, Wen, Yara,
  Yusuf, Zoe
`);

export const LAST_NAMES = list(`
  Abe, Adeyemi, Alvarez, Andersen, Bauer, Becker, Bianchi, Brown, Chen, Costa, Dubois, Duarte,
  Eriksen, Fischer, Garcia, Gupta, Haddad, Hansen, Ito, Jensen, Kim, Kowalski, Kumar, Larsen,
  Lee, Lopez, Martin, Meyer, Moreau, Mueller, Nakamura, Nguyen, Novak, Okafor, Olsen, Park,
  Patel, Petrov, Ricci, Rossi, Santos, Schmidt, Silva, Singh, Smith, Suzuki, Tanaka, Torres,
  Vargas, Wagner, Wang, Weber, Wong, Yamamoto, Zhang
`);

/** [city, region line of an address, latitude, longitude] */
export const CITIES: readonly (readonly [string, string, number, number])[] = [
  ["Springfield", "Springfield, IL 62701, USA", 39.78, -89.65],
  ["Portland", "Portland, OR 97205, USA", 45.52, -122.68],
  ["Austin", "Austin, TX 78701, USA", 30.27, -97.74],
  ["Brooklyn", "Brooklyn, NY 11201, USA", 40.69, -73.99],
  ["Chicago", "Chicago, IL 60607, USA", 41.88, -87.63],
  ["Oakland", "Oakland, CA 94612, USA", 37.8, -122.27],
  ["Lyon", "69002 Lyon, France", 45.76, 4.83],
  ["Berlin", "10115 Berlin, Germany", 52.52, 13.4],
  ["Lisbon", "1100-148 Lisbon, Portugal", 38.72, -9.14],
  ["Osaka", "Osaka 542-0076, Japan", 34.67, 135.5],
  ["Toronto", "Toronto, ON M5V 2T6, Canada", 43.65, -79.38],
  ["Melbourne", "Melbourne VIC 3000, Australia", -37.81, 144.96],
];

export const STREETS = list(`
  Main St, Oak Ave, Market St, Harbor Rd, Elm St, Mill Lane, Station Rd, King St, Queen St,
  Park Ave, River Rd, Church St, Bridge St, Hill Rd
`);

const RESTAURANT_ADJECTIVES = list(`
  Golden, Little, Blue, Red, Hungry, Happy, Lucky, Old, Wild, Green, Silver, Smoky, Salty,
  Sunny, Velvet, Copper, Rustic, Crooked
`);
const RESTAURANT_NOUNS = list(`
  Dragon, Spoon, Fork, Lantern, Table, Kitchen, Garden, Harbor, Oven, Olive, Fig, Lemon,
  Pepper, Bamboo, Anchor, Barrel, Hearth, Tide, Pearl
`);
const RESTAURANT_KINDS = list(`
  Bistro, Trattoria, Izakaya, Taqueria, Diner, Cantina, Brasserie, Noodle Bar, Ramen House,
  Pizzeria, Grill, Cafe, Bakery, Dumpling House, Steakhouse, Sushi Bar, Tavern, Deli, Canteen,
  Oyster Bar
`);

export function restaurantName(random: Random): string {
  switch (random.int(4)) {
    case 0:
      return `The ${random.pick(RESTAURANT_ADJECTIVES)} ${random.pick(RESTAURANT_NOUNS)}`;
    case 1:
      return `${random.pick(FIRST_NAMES)}'s ${random.pick(RESTAURANT_KINDS)}`;
    case 2:
      return `${random.pick(RESTAURANT_NOUNS)} & ${random.pick(RESTAURANT_NOUNS)}`;
    default:
      return `${random.pick(RESTAURANT_ADJECTIVES)} ${random.pick(RESTAURANT_NOUNS)} ${random.pick(RESTAURANT_KINDS)}`;
  }
}

/** Base dishes, most common first: a title picks one with a Zipf-like preference. */
const DISHES = list(`
  Chicken, Pizza, Burger, Ramen, Tacos, Salad, Pasta, Sushi, Curry, Dumplings, Pho, Sandwich,
  Fried Rice, Steak, Soup, Noodles, Pancakes, Tiramisu, Cheesecake, Croissant, Lasagna,
  Risotto, Gnocchi, Burrito, Quesadilla, Bibimbap, Bao, Gyoza, Udon, Tempura, Paella, Falafel,
  Shawarma, Hummus, Kebab, Biryani, Dal, Naan, Tikka Masala, Pad Thai, Laksa, Satay, Banh Mi,
  Ceviche, Empanadas, Churros, Gelato, Brownie, Donut, Bagel, Omelette, Waffles, French Toast,
  Fish and Chips, Lobster Roll, Oysters, Clam Chowder, Poke Bowl, Carbonara, Margherita,
  Calzone, Focaccia, Bruschetta, Arancini, Ravioli, Tortellini, Ribs, Brisket, Pulled Pork,
  Wings, Mac and Cheese, Cornbread, Gumbo, Jambalaya, Pierogi, Goulash, Schnitzel, Pretzel,
  Crepes, Quiche, Ratatouille, Bouillabaisse, Moussaka, Souvlaki, Baklava, Mochi, Katsu,
  Karaage, Takoyaki, Okonomiyaki, Tonkatsu
`);

/** Dishes almost nobody orders: Explore's rare word lives here. */
const RARE_DISHES = list(`
  Khachapuri, Zurek, Smorrebrod, Plov, Injera, Pozole, Mofongo, Bunny Chow, Cachapa, Feijoada,
  Bigos, Kouign Amann, Pastel de Nata, Koshari, Ful Medames, Hakarl, Rakfisk, Khao Soi,
  Nasi Lemak, Rendang, Sisig, Kare Kare, Tteokbokki, Hoppers, Kottu, Momos, Thukpa, Chakalaka,
  Bobotie, Cevapi, Burek, Sarma, Pelmeni, Syrniki, Lokma, Kunefe, Manti, Lahmacun, Pide,
  Gozleme
`);

const DISH_MODIFIERS = list(`
  Spicy, Crispy, Smoked, Grilled, Classic, Vegan, Truffle, Garlic, Miso, Sesame, Lemon, Honey,
  Chili, Roasted, Braised, Homemade, Double, Mini, Sourdough, Charred, Buttermilk, Coconut,
  Ginger, Basil, Black Pepper
`);

/** What Explore's search scenarios type: a word in many titles, one in few, and a typo. */
export const SEARCH_PROBES = { common: "chicken", rare: "khachapuri", typo: "tiramsu" } as const;

export function dishName(random: Random): string {
  const dish = random.chance(0.002)
    ? random.pick(RARE_DISHES)
    : (DISHES[random.rank(DISHES.length, 2.5)] ?? "Chicken");
  return random.chance(0.6) ? `${random.pick(DISH_MODIFIERS)} ${dish}` : dish;
}

const REVIEW_OPENERS = list(`
  Really good, Better than expected, A bit salty but, Perfectly cooked, Generous portion,
  Came back for this, Worth the wait, Solid as always, Slightly overpriced but, Best in town,
  Not my favourite but, Surprisingly light, Rich and comforting
`);
const REVIEW_DETAILS = list(`
  the sauce was the star, great texture and plenty of flavour, the service was quick,
  would order it again, the bread alone is worth the trip, nice balance of heat and acid,
  the crust was perfectly charred, a little too sweet for me, the broth was deep and clean,
  fresh ingredients you can taste, cosy place, friendly staff, loud on weekends,
  the portion could feed two, ask for the house hot sauce, pairs well with a cold beer
`);

export function reviewText(random: Random, dish: string): string {
  const first = `${random.pick(REVIEW_OPENERS)}: ${dish.toLowerCase()}, ${random.pick(REVIEW_DETAILS)}.`;
  return random.chance(0.5) ? `${first} ${capitalise(random.pick(REVIEW_DETAILS))}.` : first;
}

const POST_TITLES = list(`
  Where to get {dish} in {city}?, Best {dish} I have had this year,
  Weekend food crawl in {city}, Homemade {dish} attempt, New spot alert: {dish} done right,
  Underrated {dish} places, {city} brunch recommendations, Tried making {dish} at home,
  Date night ideas in {city}
`);
const POST_BODIES = list(`
  Any tips welcome, I am open to anything., Here is what I found after a month of trying.,
  Photos do not do it justice., Let me know if you have been.,
  Prices have gone up but still worth it., Going back next week with friends.,
  Recipe in the comments if anyone wants it.
`);

export function postTitle(random: Random, city: string): string {
  return random
    .pick(POST_TITLES)
    .replace("{dish}", dishName(random).toLowerCase())
    .replace("{city}", city);
}

export function postBody(random: Random): string {
  return `${random.pick(POST_BODIES)} ${random.pick(POST_BODIES)}`;
}

const COMMENTS = list(`
  Looks amazing!, Adding this to my list., I was there last week, so good., How spicy was it?,
  Totally agree., Was it busy?, Great photo!, Need to try this., Their desserts are great too.,
  Thanks for the tip!, Is it open late?, Yum., Hard disagree, it was bland when I went.,
  Do they take reservations?, Best one in town.
`);

export function commentText(random: Random): string {
  return random.pick(COMMENTS);
}

const BIOS = list(`
  Eating my way through {city}., Home cook, restaurant hopper., Will travel for dumplings.,
  Coffee first, then food., Chasing the perfect {dish}., Weekend baker., Food photographer.
`);

export function bio(random: Random, city: string): string {
  return random
    .pick(BIOS)
    .replace("{city}", city)
    .replace("{dish}", dishName(random).toLowerCase());
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
