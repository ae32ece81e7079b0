// Runs before every web test module: the API origin Node's fetch needs (it has no page URL).
process.env.API_ORIGIN = 'http://localhost';
