  /* What a player writes and ticks on a sheet is kept in this browser (localStorage), field by field, so a score
     kept on screen survives closing the page. Without storage (a private window, an EPUB reader) the fields still
     work, and nothing is kept. Written without the characters XHTML reserves: the page is read as XML too. */
  document.addEventListener("DOMContentLoaded", function () {
    var page = "deckpress:" + location.pathname + "#";
    var store = null;
    try { store = window.localStorage; store.getItem(page); } catch (e) { store = null; }
    if (store === null) { return; }
    document.querySelectorAll("p.keep").forEach(function (note) { note.hidden = false; });
    document.querySelectorAll("input[data-keep]").forEach(function (input, n) {
      var key = page + n, kept = store.getItem(key), box = input.type === "checkbox";
      if (kept !== null) { if (box) { input.checked = kept === "1"; } else { input.value = kept; } }
      input.addEventListener(box ? "change" : "input", function () {
        store.setItem(key, box ? (input.checked ? "1" : "0") : input.value);
      });
    });
  });
