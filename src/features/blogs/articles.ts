/** A post on the CarDealer engineering blog. */
export interface Article {
  /** kebab-case, unique; used in the URL */
  slug: string;
  title: string;
  /** one sentence */
  summary: string;
  /** estimate at about 200 words per minute */
  readingMinutes: number;
  sections: { heading?: string; paragraphs: string[] }[];
}

export const articles: readonly Article[] = [
  {
    slug: 'state-management-in-cardealer',
    title: 'What is state management, and how do we do it in CarDealer?',
    summary:
      'A tour of the kinds of state a marketplace app holds, and where each kind lives in the CarDealer code base.',
    readingMinutes: 3,
    sections: [
      {
        paragraphs: [
          'State is any data that can change while the app is running and that the screen depends on: the text typed into a search box, whether a dialog is open, the list of cars for sale, the signed-in user. State management is simply the set of decisions about where each piece of that data lives, who is allowed to change it, and how the interface finds out that it changed. Most bugs we have fixed in front-end code came down to the same piece of data living in two places and drifting apart, so we try to give every piece exactly one owner.',
        ],
      },
      {
        heading: 'Local state first',
        paragraphs: [
          'The default home for state is the component that uses it. Whether the photo gallery on a listing page is showing the third image, or whether the "Book a test drive" dialog is open, matters to nobody else, so it stays in useState inside that component. Local state is easy to read, disappears when the component unmounts, and cannot be changed by accident from the other side of the app. We only lift state up to a common parent, or into a shared store, when a second component genuinely needs to read or change it.',
        ],
      },
      {
        heading: 'Server cache is not client state',
        paragraphs: [
          'The biggest shift in how we think about state was separating data that the server owns from data that only the browser owns. Listings, bookings, orders and seller profiles belong to the server: the browser only ever holds a copy, which may already be stale when it arrives. Treating that copy as a cache, rather than as application state we manage by hand, removes a whole category of code: no more hand-written loading flags, no more copying API responses into reducers, and no more forgetting to refresh the list after an edit.',
          'For that cache we use RTK Query, which ships with Redux Toolkit. Each endpoint is declared once in createApi, and components call the generated hooks, such as useGetListingsQuery. RTK Query stores each response under a key made from the endpoint name and its arguments, shares one request between every component that asks for the same data, tracks isLoading and isFetching for us, and drops entries that nobody has used for a while (sixty seconds by default, controlled by keepUnusedDataFor).',
          'Keeping the cache fresh is done with tags. A query declares what it provides, for example the listings query provides a Listing tag for every car it returned plus a LIST tag for the collection. A mutation declares what it invalidates: when a seller updates a price, the update mutation invalidates that one Listing tag, and RTK Query refetches every active query that provided it. We describe relationships between data once, in the API definition, instead of remembering to refresh screens by hand.',
        ],
      },
      {
        heading: 'The small amount of global client state',
        paragraphs: [
          'Some state really is global and really is owned by the browser: the authenticated session, the theme, and the comparison list a buyer builds while browsing. That lives in a few Redux Toolkit slices created with createSlice. Reducers are written in a mutating style and Immer turns them into immutable updates, and components read values through typed selectors, so a component only re-renders when the value it selected changes. Search filters are a special case: they live in the URL query string, so a buyer can bookmark or share a search and the back button works as expected.',
        ],
      },
      {
        heading: 'Forms stay in the form library',
        paragraphs: [
          'Form fields change on every keystroke, and almost nothing outside the form cares about them until the user submits. We therefore keep form state inside Formik, with validation rules written as Yup schemas, and never mirror field values into Redux. On submit the form hands its values to an RTK Query mutation, and the tags described above take care of refreshing whatever the change affects.',
          'The rule of thumb we give new engineers is short: keep state as close as possible to where it is used, let RTK Query own anything that came from the server, put shareable UI choices in the URL, and reach for a Redux slice only when none of those fit.',
        ],
      },
    ],
  },
  {
    slug: 'prototypal-inheritance-in-javascript',
    title: 'Prototypal inheritance in JavaScript',
    summary:
      'How objects in JavaScript inherit from other objects, and what the class keyword really does underneath.',
    readingMinutes: 3,
    sections: [
      {
        paragraphs: [
          'Many languages share behaviour through classes: a class is a blueprint and objects are stamped out from it. JavaScript works differently. Every object has a hidden link, written [[Prototype]] in the specification, to another object or to null. When you read a property that the object does not have itself, the engine follows that link and looks on the prototype, then on the prototype of the prototype, and so on until it finds the property or reaches null. That sequence of links is the prototype chain, and it is the whole inheritance mechanism of the language.',
        ],
      },
      {
        heading: 'Object.create and the chain',
        paragraphs: [
          'The most direct way to see the chain is Object.create, which makes a new, empty object whose prototype is whatever you pass in. Suppose we write const vehicle = { describe() { return this.make + " " + this.model; } }; and then const car = Object.create(vehicle); car.make = "Volta"; car.model = "E1";. Calling car.describe() returns "Volta E1". The car object has no describe property of its own, so the lookup continues to vehicle and finds the method there. Inside the method, this is the object the method was called on, car, not the object where the method was found, which is why one shared method can work with the data of many objects.',
          'You can inspect the link with Object.getPrototypeOf(car), which returns vehicle, and check where a property really lives with Object.hasOwn(car, "describe"), which returns false. The chain ends at Object.prototype, whose own prototype is null; that is where methods such as toString and hasOwnProperty come from. Object.create(null) produces an object with no prototype at all, which is handy as a plain dictionary because no inherited keys can collide with your own.',
        ],
      },
      {
        heading: 'Shadowing',
        paragraphs: [
          'Reading walks the chain, but writing normally does not. If we assign car.describe = function () { return "A car"; }, the engine creates a new own property on car that shadows the one on vehicle; vehicle and every other object that inherits from it are untouched. There are two exceptions worth knowing. If the chain contains a setter for that name, the setter runs instead of creating a property, and if the inherited property is marked non-writable, the assignment is ignored, or throws a TypeError in strict mode.',
        ],
      },
      {
        heading: 'Constructor functions',
        paragraphs: [
          "Before classes existed, the usual pattern was a constructor function. Every ordinary function has a prototype property holding an object. Calling new Listing(price) creates a fresh object whose [[Prototype]] is Listing.prototype, runs the function with this bound to that object, and returns it, unless the function explicitly returns a different object. Methods are added once, as in Listing.prototype.formatPrice = function () { ... };, and are shared by every listing instead of being copied into each one. The instanceof operator simply checks whether Listing.prototype appears somewhere in an object's chain.",
        ],
      },
      {
        heading: 'Classes are mostly syntax',
        paragraphs: [
          'The class keyword, added in ES2015, builds the same structure with friendlier syntax. Methods declared in a class body end up on ClassName.prototype, and class Car extends Vehicle links Car.prototype to Vehicle.prototype so instances inherit from both, while also linking Car itself to Vehicle so static methods are inherited. It is not purely cosmetic: class constructors throw if called without new, class bodies always run in strict mode, methods are non-enumerable, a derived constructor must call super() before touching this, and private fields such as #vin are stored on each instance rather than on the prototype. The lookup rules, however, are exactly the ones described above.',
          'In CarDealer we rarely write classes, preferring plain objects and functions, but understanding the chain still pays off: it explains why a for...in loop can visit inherited keys, why changing a shared prototype affects every object at once, and why engines discourage calling Object.setPrototypeOf on existing objects, which deoptimises property access.',
        ],
      },
    ],
  },
  {
    slug: 'why-we-unit-test-and-how',
    title: 'Why we unit test, and how',
    summary:
      'What our different kinds of automated tests are for, and the habits that keep the unit tests fast and trustworthy.',
    readingMinutes: 3,
    sections: [
      {
        paragraphs: [
          'Every change to CarDealer, from a new filter on the search page to a fix in the booking flow, is merged only after an automated test suite passes. We do not test because a coverage number demands it. We test because a good suite lets us change code with confidence: it tells us within seconds that the price formatter still rounds correctly or that a seller can still publish a listing, without anyone clicking through the app by hand.',
        ],
      },
      {
        heading: 'Three kinds of tests',
        paragraphs: [
          'A unit test checks one small piece in isolation: a pure function that formats mileage, a reducer that adds a car to the comparison list, or a single component rendered on its own. Unit tests run in milliseconds and point straight at the broken line when they fail.',
          'An integration test checks that several pieces work together, for example that the listing page fetches data, shows a loading state and then renders the cars, with the real store and the real data-fetching code wired up. These catch the mistakes that live between modules, such as a component reading a field the API never sends.',
          'An end-to-end test drives a real browser against the running application, signing in, searching and booking a test drive the way a customer would. We write those with Playwright and keep them few, because they are slower and have more moving parts. Most of our confidence comes from a large number of fast unit and integration tests, with a thin layer of end-to-end tests on the journeys that make money.',
        ],
      },
      {
        heading: 'Test what the user sees',
        paragraphs: [
          'Our component tests use Testing Library, which deliberately offers no way to reach into component internals. Instead of asserting that some state variable changed, a test finds elements the way a person or a screen reader would, with queries such as getByRole("button", { name: /book a test drive/i }) or getByLabelText("Maximum price"), performs interactions through user-event, and asserts on what appears on screen. When elements show up asynchronously, findByRole waits for them. Tests written this way survive refactoring: we can rename a hook or split a component and the tests still pass, as long as the user-visible behaviour is unchanged. As a bonus, a component that is hard to query by role is usually one that is hard to use with assistive technology.',
        ],
      },
      {
        heading: 'Mock only the network edge',
        paragraphs: [
          'It is tempting to mock every module a component imports, but each mock is a small lie about how the system behaves, and enough of them produce tests that pass while the app is broken. We mock at one place only: the network. Mock Service Worker (MSW) intercepts HTTP requests and answers them from handlers we write, such as http.get("/api/listings", () => HttpResponse.json(listings)). Everything above that line, the RTK Query cache, the Redux store, the components, runs for real. A test that needs an unusual response, a 500 error or an empty result, overrides a handler with server.use for that test only, and handlers are reset after each test so tests cannot leak into one another. We also configure MSW to fail on unhandled requests, so a forgotten handler is an error instead of a mystery.',
        ],
      },
      {
        heading: 'Fast feedback',
        paragraphs: [
          'A test suite only helps if people run it. We keep unit tests free of real timers, real network and shared global state, so the whole suite runs in seconds and a failure always means the same thing. During development Jest runs in watch mode and re-runs only the tests related to changed files; in continuous integration the same suite, plus type checking and linting, runs on every pull request. When a bug reaches production, the fix starts with a failing test that reproduces it, so the same bug cannot quietly return.',
        ],
      },
    ],
  },
  {
    slug: 'react-vs-angular-vs-vue',
    title: 'React vs Angular vs Vue',
    summary:
      'A fair comparison of the three most popular front-end tools, and the reasons we picked React for CarDealer.',
    readingMinutes: 3,
    sections: [
      {
        paragraphs: [
          'React, Angular and Vue can all build a fast, accessible, maintainable car marketplace; teams ship excellent products with each of them. The differences are less about what is possible and more about how much is decided for you, how you describe the interface, and how the tool notices that data changed. Here is how we see the trade-offs.',
        ],
      },
      {
        heading: 'Library or framework',
        paragraphs: [
          'React describes itself as a library for building user interfaces. It gives you components, hooks and rendering, and leaves routing, data fetching, forms and styling to the ecosystem or to a meta-framework such as Next.js. Angular is a complete framework maintained by Google: a router, forms, an HTTP client, dependency injection, testing utilities and a command-line tool all come in the box and follow one set of conventions. Vue sits in between and calls itself a progressive framework: the core is small, but the official router (Vue Router) and state library (Pinia) are maintained by the same team and designed to fit together.',
        ],
      },
      {
        heading: 'Templates or JSX',
        paragraphs: [
          'React components are JavaScript functions that return JSX, so conditions are ordinary if statements or ternaries and lists are ordinary map calls; there is no separate template language to learn, and TypeScript checks the markup like any other code. Angular uses HTML templates with its own syntax for bindings and, in recent versions, built-in control flow blocks such as @if and @for. Vue single-file components put a template, a script and scoped styles in one .vue file; the template is HTML with directives like v-if and v-for, compiled ahead of time into render functions, and JSX is available for those who prefer it.',
        ],
      },
      {
        heading: 'Reactivity',
        paragraphs: [
          'The tools also differ in how they find out what to update. In React, calling a state setter schedules a re-render of that component and its children, and React compares the new output with the previous one to apply the minimum changes to the DOM; memoization, increasingly applied automatically by the React Compiler, avoids unnecessary work. Vue wraps state in proxies created by ref and reactive, records which component read which value, and re-renders only the components that depend on data that changed. Angular historically relied on Zone.js to run change detection after any asynchronous event, and has moved towards signals, values created with signal and computed that notify exactly the parts of a template that read them, with zoneless change detection now supported.',
        ],
      },
      {
        heading: 'Tooling and learning curve',
        paragraphs: [
          'Vue is usually the quickest to pick up: a developer who knows HTML and a little JavaScript can be productive in days, and its project scaffolding is built on Vite, which was created by the same author. React itself is small, but a team must choose and learn a router, a data layer and a form library, and hooks have subtle rules around dependencies and effects. Angular asks for the most up-front learning, including TypeScript, decorators, dependency injection and RxJS, but in return a new developer joining any Angular project finds the same structure and the Angular CLI generates, builds and tests code consistently.',
        ],
      },
      {
        heading: 'When to choose which',
        paragraphs: [
          'Choose Angular when a large organisation wants one opinionated, batteries-included stack and values uniformity across many teams. Choose Vue when you want a gentle learning curve, approachable templates and an officially curated set of companion libraries. Choose React when you want the largest ecosystem and hiring pool and are happy to assemble your own stack. For CarDealer we chose React: Material UI, Redux Toolkit with RTK Query, Formik and Testing Library cover our needs well, and most of our engineers already knew it. That was the right call for this team, not a verdict on the other two.',
        ],
      },
    ],
  },
];
