  /* What a player writes and ticks on a sheet or card is kept in this browser (localStorage), field by field, so a
     score kept on screen survives closing the page. Each is kept under the field's name (data-keep: what it is,
     not where it stands), so a page rebuilt with its fields in another order gives each its own value back; a name
     the page repeats is told apart by its count after a NUL, which no name in an XHTML page can hold (the count in
     brackets an older build kept is still read, where no field is named so), counted in an object without a
     prototype (a field named constructor or __proto__ is counted as any other). The page's clear button empties
     every field and forgets all it kept, once the player agrees: a new game starts blank. Without storage (a
     private window, an EPUB reader) the fields still work, and nothing is kept. Written without the characters
     XHTML reserves: the page is read as XML too. */
  document.addEventListener("DOMContentLoaded", function () {
    var page = "deckpress:" + location.pathname + "#";
    var store = null;
    try { store = window.localStorage; store.getItem(page); } catch (e) { store = null; }
    if (store === null) { return; }
    document.querySelectorAll("p.keep").forEach(function (note) { note.hidden = false; });
    var inputs = document.querySelectorAll("input[data-keep]"), seen = Object.create(null);
    var named = Object.create(null);
    var nameOf = function (input) {
      return input.getAttribute("data-keep") || input.getAttribute("aria-label") || input.id;
    };
    inputs.forEach(function (input) { named[nameOf(input)] = true; });
    inputs.forEach(function (input) {
      var name = nameOf(input);
      seen[name] = (seen[name] || 0) + 1;
      var key = page + name + (seen[name] === 1 ? "" : "\u0000" + seen[name]);
      var before = name + " (" + seen[name] + ")";  /* an older build's key, where no field now has it */
      var kept = store.getItem(key), box = input.type === "checkbox";
      if (kept === null) { kept = seen[name] === 1 || named[before] === true ? null : store.getItem(page + before); }
      if (kept !== null) { if (box) { input.checked = kept === "1"; } else { input.value = kept; } }
      input.addEventListener(box ? "change" : "input", function () {
        store.setItem(key, box ? (input.checked ? "1" : "0") : input.value);
      });
    });
    document.querySelectorAll("button[data-clear]").forEach(function (button) {
      button.addEventListener("click", function () {
        if (!window.confirm(button.getAttribute("data-clear"))) { return; }
        var mine = [];  /* every key of this page, those an older build of it kept by place too */
        for (var i = 0; i !== store.length; i += 1) {
          if (store.key(i).indexOf(page) === 0) { mine.push(store.key(i)); }
        }
        mine.forEach(function (key) { store.removeItem(key); });
        inputs.forEach(function (input) { if (input.type === "checkbox") { input.checked = false; } else { input.value = ""; } });
      });
    });
  });
