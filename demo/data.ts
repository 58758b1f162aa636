// The demo tenant's master data: a food/FMCG logistics operator in Poland serving three contractors.
// Everything is made by the resources' own service verbs (the engine's add, the location generator), so
// the rows obey the same rules as the API's, inside ONE transaction: a tenant either has all of it or
// none. A seeded PRNG makes every run give the same data.
import { eq, sql } from "drizzle-orm";
import { type Climate, seedStockHistory } from "./history.ts";
import type { Connection, Db } from "../server/db/connection.ts";
import type { Platform } from "../server/platform.ts";
import type { Actor, TenantContext } from "../server/kernel/context.ts";
import type { Tenant } from "../server/tenancy/registry.ts";
import { insertMany } from "../server/db/bulk.ts";
import { users } from "../server/domain/access/users/entity.ts";
import { companies, company as companyResource } from "../server/domain/parties/companies/entity.ts";
import { address as addressResource } from "../server/domain/parties/addresses/entity.ts";
import { person as personResource } from "../server/domain/parties/persons/entity.ts";
import { tag as tagResource } from "../server/domain/reference/tags/entity.ts";
import {
  COMPANY_GROUP,
  dictionary as dictionaryResource,
} from "../server/domain/reference/dictionaries/entity.ts";
import { printLayout as printLayoutResource } from "../server/domain/reference/print_layouts/entity.ts";
import { emailTemplate as emailTemplateResource } from "../server/domain/reference/email_templates/entity.ts";
import { exchangeRate as exchangeRateResource } from "../server/domain/assortment/exchange_rates/entity.ts";
import { productGroup } from "../server/domain/assortment/product_groups/entity.ts";
import {
  product as productResource,
  productBarcodes,
  type ProductCreate,
  productGroupLinks,
  productMeta,
  products,
} from "../server/domain/assortment/products/entity.ts";
import { storageSpaceType as storageSpaceTypeResource } from "../server/domain/storage/location_types/entity.ts";
import { GenerateRequest } from "../server/domain/storage/locations/contract.ts";
import {
  storageSpace as storageSpaceResource,
  storageSpaces,
} from "../server/domain/storage/locations/entity.ts";
import { generateLocations } from "../server/domain/storage/locations/generator.ts";
import { writeRecordLogs } from "../server/domain/logs/record_log/service.ts";
import { nowIso } from "../server/kernel/time.ts";
import { areaHooks } from "../server/hooks.ts";

export const DEMO_PRODUCT_COUNT = 2000;

/** mulberry32: a small seeded PRNG, so every run gives the same demo data. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The EAN-13 of twelve digits: the digits and their check digit (weights 1, 3 from the left). */
export function ean13(twelve: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(twelve[i]) * (i % 2 === 0 ? 1 : 3);
  return twelve + String((10 - (sum % 10)) % 10);
}

interface CompanySeed {
  shortName: string;
  fullName: string;
  taxId: string;
  taxCountry: string;
  keyRole: "contractor" | "supplier" | "carrier";
  bankName: string;
  bankAccountNumber: string;
  swift: string;
  domain: string;
  phone: string;
  address: {
    street: string;
    number: string;
    city: string;
    postalCode: string;
    province: string;
    country: string;
    lat: number;
    lng: number;
  };
  tags: string[];
  group: string;
  /** Contractors: the index prefix and the GS1 company number of their products' barcodes. */
  code?: string;
  gs1?: string;
  brands?: string[];
  contacts: [string, string, string, string][];
}

const companySeeds: CompanySeed[] = [
  {
    shortName: "BALTIC FOODS",
    fullName: "Baltic Foods Sp. z o.o.",
    taxId: "PL5851234567",
    taxCountry: "PL",
    keyRole: "contractor",
    bankName: "PKO Bank Polski",
    bankAccountNumber: "PL61109010140000071219812874",
    swift: "BPKOPLPW",
    domain: "balticfoods.example",
    phone: "+48585550101",
    address: {
      street: "ul. Grunwaldzka",
      number: "472",
      city: "Gdańsk",
      postalCode: "80-309",
      province: "pomorskie",
      country: "PL",
      lat: 54.4036,
      lng: 18.5696,
    },
    tags: ["KEY ACCOUNT", "FOOD"],
    group: "FMCG",
    code: "BF",
    gs1: "5901234",
    brands: ["Baltica", "Morskie", "Złote Pole"],
    contacts: [["Katarzyna", "Nowak", "Logistics manager", "+48601234567"], [
      "Piotr",
      "Wiśniewski",
      "Purchasing",
      "+48512345678",
    ], ["Agnieszka", "Kowalczyk", "Customer service", "+48691234567"]],
  },
  {
    shortName: "MAZOVIA FMCG",
    fullName: "Mazovia FMCG S.A.",
    taxId: "PL5213456789",
    taxCountry: "PL",
    keyRole: "contractor",
    bankName: "Bank Pekao",
    bankAccountNumber: "PL27114020040000300201355387",
    swift: "PKOPPLPW",
    domain: "mazoviafmcg.example",
    phone: "+48225550142",
    address: {
      street: "Al. Jerozolimskie",
      number: "181",
      city: "Warszawa",
      postalCode: "02-222",
      province: "mazowieckie",
      country: "PL",
      lat: 52.2089,
      lng: 20.9511,
    },
    tags: ["KEY ACCOUNT", "CHILLED"],
    group: "FMCG",
    code: "MZ",
    gs1: "5907654",
    brands: ["Mazovia", "Dobry Dzień", "Polana"],
    contacts: [["Tomasz", "Zieliński", "Supply chain director", "+48602345678"], [
      "Ewa",
      "Szymańska",
      "Order desk",
      "+48783456789",
    ]],
  },
  {
    shortName: "NORDFROST",
    fullName: "Nordfrost Lebensmittel GmbH",
    taxId: "DE287654321",
    taxCountry: "DE",
    keyRole: "contractor",
    bankName: "Hamburger Sparkasse",
    bankAccountNumber: "DE89370400440532013000",
    swift: "HASPDEHH",
    domain: "nordfrost.example",
    phone: "+49405550177",
    address: {
      street: "Am Sandtorkai",
      number: "48",
      city: "Hamburg",
      postalCode: "20457",
      province: "Hamburg",
      country: "DE",
      lat: 53.5437,
      lng: 9.9887,
    },
    tags: ["FROZEN", "EXPORT"],
    group: "FOOD SERVICE",
    code: "NF",
    gs1: "4012345",
    brands: ["Nordfrost", "Eiskristall", "Küstenland"],
    contacts: [["Jonas", "Becker", "Key account manager", "+4915112345678"], [
      "Lena",
      "Hoffmann",
      "Logistik",
      "+4917623456789",
    ], ["Marek", "Lewandowski", "Polish desk", "+48604567890"]],
  },
  {
    shortName: "AGROPOL",
    fullName: "Agropol Zakłady Zbożowe Sp. z o.o.",
    taxId: "PL7781234560",
    taxCountry: "PL",
    keyRole: "supplier",
    bankName: "Santander Bank Polska",
    bankAccountNumber: "PL10109013620000000123456789",
    swift: "WBKPPLPP",
    domain: "agropol.example",
    phone: "+48615550123",
    address: {
      street: "ul. Obornicka",
      number: "229",
      city: "Poznań",
      postalCode: "60-650",
      province: "wielkopolskie",
      country: "PL",
      lat: 52.4531,
      lng: 16.8870,
    },
    tags: ["FOOD"],
    group: "PRODUCERS",
    contacts: [["Paweł", "Wójcik", "Sales", "+48605678901"], [
      "Joanna",
      "Kamińska",
      "Quality assurance",
      "+48606789012",
    ]],
  },
  {
    shortName: "MLECZARNIA PODLASIE",
    fullName: "Mleczarnia Podlasie Spółdzielnia",
    taxId: "PL5420123456",
    taxCountry: "PL",
    keyRole: "supplier",
    bankName: "Bank Spółdzielczy w Białymstoku",
    bankAccountNumber: "PL42124052110000123456789012",
    swift: "PKOPPLPW",
    domain: "mleczarnia-podlasie.example",
    phone: "+48855550166",
    address: {
      street: "ul. Elewatorska",
      number: "13",
      city: "Białystok",
      postalCode: "15-620",
      province: "podlaskie",
      country: "PL",
      lat: 53.1094,
      lng: 23.1879,
    },
    tags: ["CHILLED"],
    group: "PRODUCERS",
    contacts: [["Krzysztof", "Dąbrowski", "Export", "+48607890123"], [
      "Magdalena",
      "Jankowska",
      "Dispatch",
      "+48508901234",
    ]],
  },
  {
    shortName: "FRISCHE BRANDENBURG",
    fullName: "Frische Brandenburg Handels GmbH",
    taxId: "DE312345678",
    taxCountry: "DE",
    keyRole: "supplier",
    bankName: "Berliner Volksbank",
    bankAccountNumber: "DE02100900000123456789",
    swift: "BEVODEBB",
    domain: "frische-brandenburg.example",
    phone: "+49305550188",
    address: {
      street: "Beusselstraße",
      number: "44",
      city: "Berlin",
      postalCode: "10553",
      province: "Berlin",
      country: "DE",
      lat: 52.5339,
      lng: 13.3297,
    },
    tags: ["FROZEN", "IMPORT"],
    group: "PRODUCERS",
    contacts: [["Felix", "Schneider", "Vertrieb", "+4915223456789"], [
      "Sabine",
      "Wagner",
      "Disposition",
      "+4930123456789",
    ]],
  },
  {
    shortName: "TRANS-POL",
    fullName: "Trans-Pol Spedycja Sp. z o.o.",
    taxId: "PL9512345678",
    taxCountry: "PL",
    keyRole: "carrier",
    bankName: "mBank",
    bankAccountNumber: "PL49114020040000350212345678",
    swift: "BREXPLPW",
    domain: "trans-pol.example",
    phone: "+48425550111",
    address: {
      street: "ul. Rokicińska",
      number: "150",
      city: "Łódź",
      postalCode: "92-412",
      province: "łódzkie",
      country: "PL",
      lat: 51.7468,
      lng: 19.5486,
    },
    tags: ["CARRIER", "CHILLED"],
    group: "TRANSPORT",
    contacts: [["Grzegorz", "Mazur", "Dispatcher", "+48609012345"], [
      "Monika",
      "Krawczyk",
      "Claims",
      "+48510123456",
    ]],
  },
  {
    shortName: "EUROCOLD LOGISTIK",
    fullName: "EuroCold Logistik GmbH & Co. KG",
    taxId: "DE298765432",
    taxCountry: "DE",
    keyRole: "carrier",
    bankName: "Commerzbank",
    bankAccountNumber: "DE75512108001245126199",
    swift: "COBADEFF",
    domain: "eurocold.example",
    phone: "+49695550199",
    address: {
      street: "Cargo City Süd",
      number: "558",
      city: "Frankfurt am Main",
      postalCode: "60549",
      province: "Hessen",
      country: "DE",
      lat: 50.0379,
      lng: 8.5622,
    },
    tags: ["CARRIER", "FROZEN", "EXPORT"],
    group: "TRANSPORT",
    contacts: [["Stefan", "Fischer", "Fleet manager", "+4916098765432"], [
      "Anja",
      "Weber",
      "Customer service",
      "+4969123456789",
    ], ["Michał", "Pawlak", "Polish routes", "+48661234567"]],
  },
];

const tagSeeds: [string, string, string][] = [
  ["KEY ACCOUNT", "#d97706", "A contractor with a dedicated account manager"],
  ["FOOD", "#16a34a", "Food products"],
  ["CHILLED", "#0284c7", "Handles goods at 2–6 °C"],
  ["FROZEN", "#1e40af", "Handles goods at −18 °C or colder"],
  ["EXPORT", "#7c3aed", "Ships abroad"],
  ["IMPORT", "#db2777", "Delivers from abroad"],
  ["CARRIER", "#475569", "Transport partner"],
];

const companyGroupSeeds: [string, string][] = [
  ["FMCG", "Fast-moving consumer goods"],
  ["FOOD SERVICE", "Food service (HoReCa)"],
  ["PRODUCERS", "Producers"],
  ["TRANSPORT", "Transport and forwarding"],
];

interface GroupSeed {
  name: string;
  colour: string;
  icon: string;
  climate: Climate;
  unit: string;
  items: string[];
  /** Pack sizes: label, kilograms, edge lengths in cm, pieces per pallet, price in PLN. */
  sizes: [string, number, [number, number, number], number, number][];
}

const groupSeeds: GroupSeed[] = [
  {
    name: "Cereals and flakes",
    colour: "#d4a017",
    icon: "grain",
    climate: "ambient",
    unit: "pcs",
    items: ["Oat flakes", "Corn flakes", "Muesli", "Granola", "Rye flakes", "Spelt flakes"],
    sizes: [["500 g", 0.5, [20, 7, 28], 720, 6.49], ["1 kg", 1, [24, 8, 33], 480, 11.99], [
      "375 g",
      0.375,
      [19, 6, 27],
      900,
      8.99,
    ]],
  },
  {
    name: "Pasta and rice",
    colour: "#f59e0b",
    icon: "bowl",
    climate: "ambient",
    unit: "pcs",
    items: [
      "Spaghetti",
      "Penne",
      "Fusilli",
      "Basmati rice",
      "Jasmine rice",
      "Buckwheat groats",
      "Pearl barley",
      "Couscous",
    ],
    sizes: [["400 g", 0.4, [25, 8, 4], 1200, 4.29], ["1 kg", 1, [30, 10, 6], 600, 8.99], [
      "4 x 100 g",
      0.4,
      [18, 12, 6],
      960,
      5.49,
    ]],
  },
  {
    name: "Oils and vinegars",
    colour: "#eab308",
    icon: "bottle",
    climate: "ambient",
    unit: "pcs",
    items: [
      "Sunflower oil",
      "Rapeseed oil",
      "Olive oil extra virgin",
      "Spirit vinegar",
      "Apple cider vinegar",
      "Linseed oil",
    ],
    sizes: [["1 l", 0.95, [8, 8, 30], 540, 9.99], ["500 ml", 0.48, [6, 6, 24], 960, 6.79], [
      "3 l",
      2.85,
      [15, 10, 32],
      180,
      27.49,
    ]],
  },
  {
    name: "Flour and baking",
    colour: "#fde68a",
    icon: "wheat",
    climate: "ambient",
    unit: "pcs",
    items: [
      "Wheat flour type 450",
      "Rye flour type 720",
      "Wholemeal flour",
      "Baking powder",
      "Potato starch",
      "Caster sugar",
      "Icing sugar",
    ],
    sizes: [["1 kg", 1, [16, 8, 21], 800, 3.79], ["2 kg", 2, [18, 10, 28], 400, 6.99], [
      "500 g",
      0.5,
      [12, 6, 18],
      1200,
      2.99,
    ]],
  },
  {
    name: "Canned goods",
    colour: "#b45309",
    icon: "can",
    climate: "ambient",
    unit: "pcs",
    items: [
      "Chopped tomatoes",
      "Red kidney beans",
      "Sweet corn",
      "Green peas",
      "Chickpeas",
      "Tuna in oil",
      "Sardines in tomato sauce",
      "Peaches in syrup",
    ],
    sizes: [["400 g", 0.45, [7, 7, 11], 1440, 4.49], ["200 g", 0.23, [7, 7, 6], 2400, 2.99], [
      "800 g",
      0.87,
      [10, 10, 12],
      720,
      7.99,
    ]],
  },
  {
    name: "Sauces and condiments",
    colour: "#dc2626",
    icon: "jar",
    climate: "ambient",
    unit: "pcs",
    items: [
      "Ketchup",
      "Mayonnaise",
      "Mustard",
      "Horseradish",
      "Tomato passata",
      "Pesto",
      "Soy sauce",
      "Barbecue sauce",
    ],
    sizes: [["300 g", 0.33, [6, 6, 17], 1500, 5.99], ["500 g", 0.54, [8, 8, 19], 960, 8.49], [
      "180 g",
      0.2,
      [6, 6, 9],
      2000,
      3.99,
    ]],
  },
  {
    name: "Spices and herbs",
    colour: "#9a3412",
    icon: "leaf",
    climate: "ambient",
    unit: "pcs",
    items: [
      "Black pepper",
      "Sweet paprika",
      "Oregano",
      "Marjoram",
      "Bay leaves",
      "Cinnamon",
      "Curry",
      "Herbes de Provence",
    ],
    sizes: [["20 g", 0.025, [9, 2, 13], 9600, 2.49], ["50 g", 0.055, [10, 3, 15], 6400, 4.29], [
      "100 g",
      0.11,
      [12, 4, 17],
      4000,
      7.49,
    ]],
  },
  {
    name: "Coffee and tea",
    colour: "#78350f",
    icon: "cup",
    climate: "ambient",
    unit: "pcs",
    items: [
      "Ground coffee",
      "Coffee beans",
      "Instant coffee",
      "Black tea",
      "Green tea",
      "Fruit tea",
      "Chamomile tea",
      "Earl Grey tea",
    ],
    sizes: [["250 g", 0.26, [9, 6, 18], 1200, 17.99], ["500 g", 0.52, [11, 7, 21], 700, 32.99], [
      "100 bags",
      0.2,
      [16, 8, 12],
      1000,
      12.49,
    ]],
  },
  {
    name: "Sweets",
    colour: "#ec4899",
    icon: "candy",
    climate: "ambient",
    unit: "pcs",
    items: [
      "Milk chocolate",
      "Dark chocolate",
      "Wafers",
      "Jelly beans",
      "Butter biscuits",
      "Gingerbread",
      "Chocolate pralines",
      "Fudge",
    ],
    sizes: [["100 g", 0.11, [16, 8, 1], 4800, 4.99], ["250 g", 0.27, [20, 10, 4], 1800, 9.99], [
      "1 kg",
      1.05,
      [30, 20, 8],
      360,
      34.99,
    ]],
  },
  {
    name: "Salty snacks",
    colour: "#f97316",
    icon: "chips",
    climate: "ambient",
    unit: "pcs",
    items: [
      "Potato crisps",
      "Salted peanuts",
      "Pretzel sticks",
      "Popcorn",
      "Tortilla chips",
      "Rice cakes",
      "Crackers",
    ],
    sizes: [["150 g", 0.16, [22, 8, 30], 1080, 6.49], ["70 g", 0.08, [17, 6, 24], 1800, 3.49], [
      "300 g",
      0.31,
      [26, 10, 34],
      540,
      10.99,
    ]],
  },
  {
    name: "Beverages",
    colour: "#06b6d4",
    icon: "bottle",
    climate: "ambient",
    unit: "pcs",
    items: [
      "Still mineral water",
      "Sparkling mineral water",
      "Cola",
      "Orange soda",
      "Iced tea lemon",
      "Energy drink",
      "Tonic water",
    ],
    sizes: [["1.5 l", 1.55, [9, 9, 32], 504, 2.49], ["0.5 l", 0.52, [6, 6, 21], 1680, 1.99], [
      "330 ml can",
      0.35,
      [7, 7, 12],
      2376,
      2.79,
    ]],
  },
  {
    name: "Juices",
    colour: "#fb923c",
    icon: "glass",
    climate: "ambient",
    unit: "pcs",
    items: [
      "Apple juice",
      "Orange juice",
      "Multifruit juice",
      "Tomato juice",
      "Blackcurrant nectar",
      "Carrot juice",
      "Grapefruit juice",
    ],
    sizes: [["1 l", 1.05, [6, 9, 20], 720, 5.99], ["2 l", 2.08, [9, 9, 28], 360, 9.99], [
      "200 ml",
      0.21,
      [4, 6, 11],
      2880,
      1.99,
    ]],
  },
  {
    name: "Dairy",
    colour: "#e0f2fe",
    icon: "milk",
    climate: "chilled",
    unit: "pcs",
    items: [
      "UHT milk 3.2%",
      "Fresh milk 2%",
      "Natural yoghurt",
      "Kefir",
      "Cottage cheese",
      "Butter 82%",
      "Sour cream 18%",
      "Gouda cheese slices",
      "Twaróg półtłusty",
    ],
    sizes: [["1 l", 1.04, [7, 7, 20], 720, 4.19], ["400 g", 0.42, [9, 9, 8], 1440, 5.49], [
      "200 g",
      0.21,
      [10, 7, 4],
      2400,
      3.99,
    ]],
  },
  {
    name: "Meat and cold cuts",
    colour: "#b91c1c",
    icon: "meat",
    climate: "chilled",
    unit: "pcs",
    items: [
      "Smoked ham",
      "Kabanos sausages",
      "Poultry sausages",
      "Pork loin",
      "Chicken breast fillet",
      "Salami",
      "Pâté",
    ],
    sizes: [["150 g", 0.16, [18, 12, 2], 2000, 7.99], ["500 g", 0.52, [24, 16, 5], 600, 19.99], [
      "1 kg",
      1.02,
      [30, 20, 6],
      300,
      34.99,
    ]],
  },
  {
    name: "Ready meals",
    colour: "#65a30d",
    icon: "dish",
    climate: "chilled",
    unit: "pcs",
    items: [
      "Pierogi with cheese",
      "Pierogi with meat",
      "Potato salad",
      "Hummus",
      "Coleslaw",
      "Fresh pasta tortellini",
    ],
    sizes: [["400 g", 0.42, [18, 12, 5], 960, 9.99], ["250 g", 0.26, [14, 10, 5], 1440, 6.99], [
      "1 kg",
      1.03,
      [26, 18, 7],
      400,
      21.99,
    ]],
  },
  {
    name: "Frozen vegetables",
    colour: "#22c55e",
    icon: "snowflake",
    climate: "frozen",
    unit: "pcs",
    items: [
      "Green beans",
      "Broccoli florets",
      "Mixed vegetables",
      "Spinach leaves",
      "Cauliflower",
      "Brussels sprouts",
      "Peas and carrots",
    ],
    sizes: [["450 g", 0.46, [20, 5, 28], 1000, 6.49], ["2.5 kg", 2.52, [30, 10, 45], 200, 24.99], [
      "750 g",
      0.76,
      [22, 6, 32],
      600,
      9.49,
    ]],
  },
  {
    name: "Frozen fish and seafood",
    colour: "#0ea5e9",
    icon: "fish",
    climate: "frozen",
    unit: "pcs",
    items: ["Cod fillet", "Pollock fillet", "Salmon portions", "Fish fingers", "Shrimps", "Hake fillet"],
    sizes: [["400 g", 0.41, [20, 4, 26], 1000, 16.99], ["1 kg", 1.02, [28, 6, 34], 400, 36.99], [
      "250 g",
      0.26,
      [16, 4, 22],
      1500,
      12.49,
    ]],
  },
  {
    name: "Ice cream",
    colour: "#f0abfc",
    icon: "icecream",
    climate: "frozen",
    unit: "pcs",
    items: [
      "Vanilla ice cream",
      "Chocolate ice cream",
      "Strawberry sorbet",
      "Ice cream cones",
      "Ice lollies",
      "Cookie dough ice cream",
    ],
    sizes: [["900 ml", 0.5, [17, 11, 9], 720, 12.99], ["4 x 110 ml", 0.3, [20, 14, 6], 1200, 10.49], [
      "2.5 l",
      1.4,
      [24, 16, 12],
      240,
      24.99,
    ]],
  },
  {
    name: "Household chemicals",
    colour: "#8b5cf6",
    icon: "spray",
    climate: "ambient",
    unit: "pcs",
    items: [
      "Dishwashing liquid",
      "Laundry detergent",
      "Fabric softener",
      "Glass cleaner",
      "Bathroom cleaner",
      "Dishwasher tablets",
    ],
    sizes: [["1 l", 1.05, [9, 6, 26], 600, 8.99], ["500 ml", 0.53, [7, 5, 22], 1200, 5.99], [
      "4 l",
      4.2,
      [19, 11, 30],
      144,
      39.99,
    ]],
  },
  {
    name: "Pet food",
    colour: "#a16207",
    icon: "paw",
    climate: "ambient",
    unit: "pcs",
    items: ["Dry dog food", "Dry cat food", "Wet cat food", "Wet dog food", "Dog treats"],
    sizes: [["400 g", 0.42, [9, 9, 5], 1920, 4.99], ["2 kg", 2.05, [25, 9, 38], 240, 24.99], [
      "10 kg",
      10.1,
      [40, 15, 60],
      60,
      99.99,
    ]],
  },
];

const variants = ["", "Classic", "Organic", "Premium", "Family pack", "Bio", "Light", "Value"];

/** Temperature ranges (°C) and the expiry rules of each climate. */
const climates: Record<Climate, { min: number | null; max: number | null; expDays: number | null }> = {
  ambient: { min: null, max: null, expDays: null },
  chilled: { min: 2, max: 6, expDays: 5 },
  frozen: { min: -25, max: -18, expDays: 60 },
};

const typeSeeds: [string, string, string, string | null, boolean][] = [
  ["ZONE", "#64748b", "Warehouse zone", null, false],
  ["RACK", "#0f766e", "Pallet rack", "ZONE", false],
  ["SHELF", "#0d9488", "Rack level", "RACK", false],
  ["BIN", "#14b8a6", "Pallet place", "SHELF", true],
  ["COLD ROOM", "#0284c7", "Cold room 2–6 °C", null, false],
  ["FREEZER", "#1e3a8a", "Freezer −18 °C", null, false],
  ["DOCK", "#ea580c", "Loading dock", "ZONE", true],
];

interface ZoneSeed {
  label: string;
  description: string;
  type: string;
  climate: Climate;
  temperature: number | null;
  flags: Partial<Record<"cooled" | "zoneReceipt" | "zoneRelease" | "zonePicking", boolean>>;
  /** Generator levels: prefix, quantity, digits, type. */
  levels: [string, number, number, string][];
}

const zoneSeeds: ZoneSeed[] = [
  {
    label: "A",
    description: "Ambient high-bay",
    type: "ZONE",
    climate: "ambient",
    temperature: null,
    flags: {},
    levels: [["", 12, 2, "RACK"], ["", 5, 1, "SHELF"], ["", 20, 2, "BIN"]],
  },
  {
    label: "B",
    description: "Ambient picking",
    type: "ZONE",
    climate: "ambient",
    temperature: null,
    flags: { zonePicking: true },
    levels: [["", 8, 2, "RACK"], ["", 5, 1, "SHELF"], ["", 15, 2, "BIN"]],
  },
  {
    label: "C",
    description: "Chilled 2–6 °C",
    type: "COLD ROOM",
    climate: "chilled",
    temperature: 4,
    flags: { cooled: true },
    levels: [["", 4, 2, "RACK"], ["", 4, 1, "SHELF"], ["", 10, 2, "BIN"]],
  },
  {
    label: "F",
    description: "Frozen −18 °C",
    type: "FREEZER",
    climate: "frozen",
    temperature: -18,
    flags: { cooled: true },
    levels: [["", 4, 2, "RACK"], ["", 4, 1, "SHELF"], ["", 10, 2, "BIN"]],
  },
  {
    label: "IN",
    description: "Goods receipt",
    type: "ZONE",
    climate: "ambient",
    temperature: null,
    flags: { zoneReceipt: true },
    levels: [["D", 6, 2, "DOCK"]],
  },
  {
    label: "OUT",
    description: "Goods release",
    type: "ZONE",
    climate: "ambient",
    temperature: null,
    flags: { zoneRelease: true },
    levels: [["D", 8, 2, "DOCK"]],
  },
];

/** The demo's product label: its GS1-128 carries the GTIN from the product's barcode (printing/layout.ts). */
const printLayout = JSON.stringify(
  {
    page: { width: 100, height: 150 },
    elements: [
      { type: "text", x: 5, y: 5, size: 6, bold: true, width: 90, text: "{{index}}" },
      { type: "text", x: 5, y: 14, size: 4, width: 90, text: "{{name}}" },
      {
        type: "text",
        x: 5,
        y: 22,
        size: 3.5,
        width: 90,
        text: "{{@field.product.contractorId}}: {{contractorName}}",
      },
      { type: "barcode", symbology: "ean13", x: 5, y: 32, width: 60, height: 25, data: "{{barcode}}" },
      { type: "barcode", symbology: "gs1-128", x: 5, y: 65, width: 90, height: 30, data: "(01){{gtin}}" },
      { type: "barcode", symbology: "qrcode", x: 65, y: 105, width: 30, height: 30, data: "{{index}}" },
    ],
  },
  null,
  2,
);

const emailBody = `<p>Dear {{contractor.shortName}},</p>
<p>your delivery {{document.number}} was received at our Stryków warehouse on {{document.date}}.</p>
<p>Kind regards,<br>Demo Logistics Ltd.</p>`;

/** A connection whose transactions are the one already open: the verbs below all join `tx`. */
/** The demo seed acting as the tenant's administrator, inside the seed's one transaction `tx`. */
export async function demoContext(
  platform: Platform,
  tenant: Tenant,
  conn: Connection,
  tx: Db,
): Promise<TenantContext> {
  const [admin] = await tx.select().from(users).where(eq(users.username, "admin"));
  const actor: Actor = {
    userId: admin.id,
    username: admin.username,
    tenantId: tenant.id,
    sessionId: "demo-seed",
    isSuperUser: true,
    isPowerUser: true,
    logisticsEnabled: true,
    terminalEnabled: true,
    shippingEnabled: true,
    transportEnabled: true,
    contractorPortalEnabled: false,
    contractorId: null,
  };
  return {
    services: platform,
    tenant,
    conn: joined(conn, tx),
    actor,
    requestId: "demo-seed",
    lang: "en-us",
    hooks: areaHooks(),
  };
}

function joined(conn: Connection, tx: Db): Connection {
  return {
    kind: conn.kind,
    url: conn.url,
    db: tx,
    transaction: (fn) => fn(tx),
    query: (s, p) => conn.query(s, p),
    checkpoint: () => conn.checkpoint(),
    // No count cache: counts read inside the open transaction must not outlive it.
    optimize: () => {},
    close: () => conn.close(),
    get closed() {
      return conn.closed;
    },
    // One transaction holds it throughout: nothing else may come to wait for it.
    waited: false,
  };
}

/**
 * Adds the master data to the demo tenant unless it has products already (then it is left as it is).
 * Answers whether it added anything.
 */
/** The exchange rates: sign, symbol, name and worth in euros (mid-market rates of late 2025, rounded). */
export const demoRates = [
  ["PLN", "zł", "Polish złoty", 0.234],
  ["USD", "$", "US dollar", 0.9316],
  ["GBP", "£", "Pound sterling", 1.18],
  ["CZK", "Kč", "Czech koruna", 0.03983],
] as const;

export async function seedMasterData(platform: Platform, tenant: Tenant): Promise<boolean> {
  return await platform.pool.use(tenant.dbUrl, (conn) =>
    conn.transaction(async (tx) => {
      const [{ n }] = await tx.select({ n: sql<number>`count(*)` }).from(products);
      if (n > 0) return false;
      await seedInTransaction(await demoContext(platform, tenant, conn, tx), tx);
      return true;
    }));
}

async function seedInTransaction(ctx: TenantContext, tx: Db): Promise<void> {
  const random = prng(20261123);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];

  const tagIds = new Map<string, number>();
  for (const [name, colour, description] of tagSeeds) {
    tagIds.set(
      name,
      (await tagResource.add(ctx, tagResource.entity.create.parse({ name, colour, description }))).id,
    );
  }
  const groupIds = new Map<string, number>();
  for (const [code, value] of companyGroupSeeds) {
    const entry = await dictionaryResource.add(
      ctx,
      dictionaryResource.entity.create.parse({ code, value, group: COMPANY_GROUP }),
    );
    groupIds.set(code, entry.id);
  }
  for (
    const [code, value] of [["PALLET", "Euro pallet 120 x 80"], ["HALF", "Half pallet 80 x 60"], [
      "CARTON",
      "Carton",
    ]]
  ) {
    await dictionaryResource.add(
      ctx,
      dictionaryResource.entity.create.parse({ code, value, group: "packaging" }),
    );
  }

  const contractors: { seed: CompanySeed; id: number }[] = [];
  for (const seed of companySeeds) {
    const a = seed.address;
    const address = await addressResource.add(
      ctx,
      addressResource.entity.create.parse({ ...a, coordinates: { lat: a.lat, lng: a.lng } }),
    );
    const input = companyResource.entity.create.parse({
      shortName: seed.shortName,
      fullName: seed.fullName,
      taxId: seed.taxId,
      taxCountry: seed.taxCountry,
      keyRole: seed.keyRole,
      bankName: seed.bankName,
      bankAccountNumber: seed.bankAccountNumber,
      swift: seed.swift,
      paymentMethod: "Bank transfer, 30 days",
      officeMail: `office@${seed.domain}`,
      officePhoneNumber: seed.phone,
      websiteUrl: `https://www.${seed.domain}`,
      tagIds: seed.tags.map((t) => tagIds.get(t)!),
      groupIds: [groupIds.get(seed.group)!],
      addressId: address.id,
    });
    // The contractor the demo's contractor user is tied to exists already: it gets the full data.
    const [present] = await tx.select().from(companies).where(eq(companies.shortName, seed.shortName));
    const company = present
      ? await companyResource.edit(ctx, { ...input, id: present.id, version: present.version })
      : await companyResource.add(ctx, input);
    for (const [firstName, lastName, position, phoneNumber] of seed.contacts) {
      const local = `${firstName}.${lastName}`.normalize("NFD").replace(/[^A-Za-z.]/g, "").toLowerCase();
      await personResource.add(
        ctx,
        personResource.entity.create.parse({
          firstName,
          lastName,
          position,
          phoneNumber,
          email: `${local}@${seed.domain}`,
          companyId: company.id,
        }),
      );
    }
    if (seed.keyRole === "contractor") contractors.push({ seed, id: company.id });
  }

  // Against the account's base currency, EUR: a demo made with PLN-based rates is moved once (demo_rates.ts).
  for (const [currencySign, shortName, fullName, baseRate] of demoRates) {
    await exchangeRateResource.add(
      ctx,
      exchangeRateResource.entity.create.parse({ currencySign, shortName, fullName, baseRate }),
    );
  }
  await printLayoutResource.add(
    ctx,
    printLayoutResource.entity.create.parse({
      name: "Product label 100 x 150",
      type: "product",
      content: printLayout,
      isDefault: true,
    }),
  );
  await emailTemplateResource.add(
    ctx,
    emailTemplateResource.entity.create.parse({
      name: "Delivery received",
      code: "DELIVERY RECEIVED",
      subject: "Delivery {{document.number}} received",
      body: emailBody,
      language: "en-us",
      description: "Sent to the contractor when a delivery is booked in",
    }),
  );

  // Locations: the types, a root per zone, and each zone's racks, levels and places by the generator.
  const typeIds = new Map<string, number>();
  for (const [code, colour, description, parent, handleStock] of typeSeeds) {
    const type = await storageSpaceTypeResource.add(
      ctx,
      storageSpaceTypeResource.entity.create.parse({
        code,
        colour,
        description,
        handleStock,
        parentId: parent && typeIds.get(parent),
      }),
    );
    typeIds.set(code, type.id);
  }
  const places: Record<Climate, number[]> = { ambient: [], chilled: [], frozen: [] };
  for (const zone of zoneSeeds) {
    const root = await storageSpaceResource.add(
      ctx,
      storageSpaceResource.entity.create.parse({
        label: zone.label,
        description: zone.description,
        typeId: typeIds.get(zone.type),
        temperature: zone.temperature,
        ...zone.flags,
      }),
    );
    await generateLocations(
      ctx,
      GenerateRequest.parse({
        parentId: root.id,
        levels: zone.levels.map(([prefix, quantity, digits, type]) => ({
          prefix,
          quantity,
          digits,
          typeId: typeIds.get(type),
          ...zone.flags,
        })),
      }),
    );
    if (zone.levels.length === 3) {
      const depth = zone.levels.length;
      const leaves = await tx.select({ id: storageSpaces.id }).from(storageSpaces)
        .where(
          sql`${storageSpaces.path} LIKE ${
            zone.label + " / %"
          } AND length(${storageSpaces.path}) - length(replace(${storageSpaces.path}, ' / ', '')) = ${
            depth * 3
          }`,
        );
      places[zone.climate].push(...leaves.map((l) => l.id));
    }
  }

  const productGroupIds: number[] = [];
  for (const g of groupSeeds) {
    productGroupIds.push(
      (await productGroup.add(
        ctx,
        productGroup.entity.create.parse({ name: g.name, colour: g.colour, icon: g.icon }),
      ))
        .id,
    );
  }
  await seedProducts(ctx, tx, random, pick, contractors, productGroupIds, places);
  await seedStockHistory(ctx, tx, random, places);
}

/**
 * The products, by bulk insert (the engine's per-record add is too slow for thousands): each row is
 * parsed by the API's ProductCreate first, so it obeys the same rules, and gets its RecordLog entry.
 */
async function seedProducts(
  ctx: TenantContext,
  tx: Db,
  random: () => number,
  pick: <T>(list: readonly T[]) => T,
  contractors: { seed: CompanySeed; id: number }[],
  productGroupIds: number[],
  places: Record<Climate, number[]>,
): Promise<void> {
  const now = nowIso();
  const planned: { input: ProductCreate; contractorName: string }[] = [];
  for (let i = 0; i < DEMO_PRODUCT_COUNT; i++) {
    const contractor = contractors[i % contractors.length];
    const seq = Math.floor(i / contractors.length) + 1;
    const groupIndex = Math.floor(random() * groupSeeds.length);
    const group = groupSeeds[groupIndex];
    const [size, kg, [x, y, z], pal, price] = pick(group.sizes);
    const variant = pick(variants);
    const brand = pick(contractor.seed.brands!);
    const climate = climates[group.climate];
    const perishable = group.climate !== "ambient";
    const barcodes = [ean13(`${contractor.seed.gs1}${String(seq).padStart(5, "0")}`)];
    if (random() < 0.3) {
      barcodes.push(ean13(`59${String(90000 + i).padStart(5, "0")}${contractor.seed.gs1!.slice(2, 7)}`));
    }
    const stocked = random() < 0.35;
    const roll = random();
    const home = places[group.climate];
    const extraGroup = random() < 0.15
      ? productGroupIds[(groupIndex + 1 + Math.floor(random() * 19)) % 20]
      : null;
    planned.push({
      contractorName: contractor.seed.shortName,
      input: productResource.entity.create.parse({
        name: [brand, pick(group.items), variant, size].filter((w) => w !== "").join(" "),
        index: `${contractor.seed.code}-${String(seq).padStart(5, "0")}`,
        barcodes,
        sapId: String(100000 + i * 7),
        unit: group.unit,
        weight: kg,
        dimensionX: x,
        dimensionY: y,
        dimensionZ: z,
        cashValue: Math.round(price * (0.9 + random() * 0.3) * 100) / 100,
        mainGroupId: productGroupIds[groupIndex],
        groupIds: extraGroup === null ? [] : [extraGroup],
        contractorId: contractor.id,
        defaultLocationId: home.length && random() < 0.4 ? pick(home) : null,
        palQuantity: pal,
        warningStock: stocked ? Math.round(pal / 4) : null,
        criticalStock: stocked ? Math.round(pal / 10) : null,
        minTemperature: climate.min,
        maxTemperature: climate.max,
        minimalExpDays: climate.expDays,
        expiryDateVisible: perishable,
        expiryDateRequired: perishable,
        fragile: roll < 0.03 || (group.name === "Oils and vinegars" && size === "3 l"),
        disabled: roll > 0.98,
        lockIn: roll > 0.97 && roll <= 0.98,
        lockOut: roll > 0.96 && roll <= 0.97,
      }),
    });
  }

  const rows = planned.map(({ input }) => {
    const { barcodes: _b, groupIds: _g, customFields, ...columns } = input;
    return {
      ...columns,
      customFields: JSON.stringify(customFields),
      createdAt: now,
      updatedAt: now,
      version: 1,
    };
  });
  const ids = new Map(
    (await insertMany(tx, products, rows, [products.id, products.index]))
      .map(([id, index]) => [index as string, id as number]),
  );
  const idOf = (p: ProductCreate) => ids.get(p.index)!;
  await insertMany(
    tx,
    productBarcodes,
    planned.flatMap(({ input }) => input.barcodes.map((barcode) => ({ productId: idOf(input), barcode }))),
  );
  await insertMany(
    tx,
    productGroupLinks,
    planned.flatMap(({ input }) => input.groupIds.map((groupId) => ({ productId: idOf(input), groupId }))),
  );
  await writeRecordLogs(
    tx,
    planned.map(({ input }) => ({
      action: "created" as const,
      resourceType: productMeta.resource,
      resourceId: idOf(input),
      title: input.index,
      newObject: { ...input, id: idOf(input), createdAt: now, updatedAt: now, version: 1 },
      userId: ctx.actor.userId,
      userName: ctx.actor.username,
    })),
  );
}
