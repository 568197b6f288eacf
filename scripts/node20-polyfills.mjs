// Loaded with NODE_OPTIONS=--import=./scripts/node20-polyfills.mjs for tools that assume
// Node 21+ (the better-auth schema CLI calls Object.groupBy). Not used by the app itself.
if (typeof Object.groupBy !== "function") {
  Object.groupBy = (items, keyOf) => {
    const groups = Object.create(null);
    let index = 0;
    for (const item of items) {
      const key = keyOf(item, index++);
      if (!groups[key]) groups[key] = [];
      groups[key].push(item);
    }
    return groups;
  };
}
if (typeof Map.groupBy !== "function") {
  Map.groupBy = (items, keyOf) => {
    const groups = new Map();
    let index = 0;
    for (const item of items) {
      const key = keyOf(item, index++);
      const group = groups.get(key);
      if (group) group.push(item);
      else groups.set(key, [item]);
    }
    return groups;
  };
}
