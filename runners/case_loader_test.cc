// Placeholder until the tests land (helper writing them overwrites this file).
