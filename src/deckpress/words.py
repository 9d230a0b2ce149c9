"""The words the press prints itself (marks, print check, slug lines, kit and catalogue headings), by language.

A game's `language` picks the table; every table has every key (a test holds them to English's). Content words
(titles, rule text, card text) are the game's own and never come from here.
"""

from __future__ import annotations

from collections.abc import Mapping

# Keys are grouped by the stage that prints them; values are str.format templates with named fields.
WORDS: dict[str, dict[str, str]] = {
    "en": {
        # --- layout: marks, print check, calibration, booklet ---
        "fold": "fold", "cut": "cut", "glue": "glue", "length_mm": "{mm} mm", "length_in": "{inches} in",
        "figure_square": "A {mm} mm square",
        "figure_ruler": "A ruler {inches} in long, ticked every eighth of an inch",
        "figure_crosses": "Five crosses, to hold against the light",
        "figure_scales": "Five millimetre scales, one behind each cross of the front",
        "print_check": "Print check",
        "print_check_steps": "Print at 100% / Actual size, then measure. Print {sides} on {paper} paper with "
                             "\"Fit to page\" and \"Shrink to fit\" turned off. The square must measure 50 mm on "
                             "each side and the ruler 2 in. If either is off, change the print settings before "
                             "printing the rest.",
        "print_single_sided": "single-sided",
        "print_duplex": "on both sides, flipping on the {edge},",
        "print_check_duplex": "Every part of this kit starts on the front of a sheet: the pages left intentionally "
                              "blank are the backs that keep it so, so print them too.",
        "calibration": "Printer calibration",
        "calibration_front": "Printer calibration, front. Print this page and the next on the two sides of one "
                             "sheet, flipping on the {edge}.",
        "calibration_back": "Printer calibration, back. Hold the sheet against the light. Each cross on the front "
                            "falls on a millimetre scale here: read how far it lies from the scale's centre (right "
                            "and down count positive), then build again with --offset-x and --offset-y set to those "
                            "distances.",
        "edge_long": "long edge", "edge_short": "short edge",
        "cover_private": "Private: {title}",
        "cover_host": "Host only: {title}",
        "cover_game": "{game}, {edition}",
        "cover_who_private": "Only the player it is dealt to may see it. Keep it face down.",
        "cover_who_host": "Only the host may see it: it contains solutions.",
        "cover_handling_private": "Cut and deal face down, one to each player.",
        "cover_handling_host": "Keep it apart from the players' material and never hand it round.",
        "cover_title": "{title}: cover ({audience})",
        "audience_public": "for everyone", "audience_private": "private", "audience_host": "host only",
        "blank_page": "This page is intentionally blank",
        "slug_page": "page {page} of {pages}",
        "slug_private": "Private",  # the slug line of a private component starts with it
        "slug_host": "Host only",  # and of host material
        "continued": "{label}, continued",
        # a board piece's caption, by the glue strips it has (on its right and at its foot): none, one or two
        "board_piece": "{board} piece {label} of {pieces}",
        "board_piece_glue": "{board} piece {label} of {pieces}: glue the strip under its neighbour",
        "board_piece_glues": "{board} piece {label} of {pieces}: glue the strips under its neighbours",
        "board_map": "{board}: how the pieces go together",
        "board_map_figure": "The board's outline cut into {rows} × {columns} pieces: {labels}",
        "board_steps_glue": "Cut each piece out along its solid lines. Lay them out as this map shows: rows A, B, ... "
                            "from the top, columns 1, 2, ... from the left. Starting at A1, lay each piece on the "
                            "glue strips (shaded here, dotted on the pieces) of the pieces to its left and above, "
                            "its registration crosses on theirs, and glue it down.",
        "board_steps_hinge": "The dashed edges are folds: glue each panel (the pieces between them) onto card cut to "
                             "its size, lay the panels face down about 2 mm apart, and tape each dashed seam across "
                             "their backs as a hinge.",
        "board_steps_score": "Print it on card stock; score along the dashed lines across a piece and fold.",
        "board_steps_quarters": "Four panels fold in half, then in half again only with one half of a fold left "
                                "open: do not tape (or, across a piece, cut) the right half of the level fold.",
        "board_full_size": "{board}, full size",
        # --- publish: kit, manifest titles, text edition, catalogue ---
        "kit_title": "Print-and-play kit",
        "plan_title": "Print plan", "plan_heading": "Print plan: {game}", "plan_what": "What to print",
        "plan_players": "Players: {players}.", "plan_minutes": "Playing time: about {minutes} minutes.",
        "plan_supplies": "Also needed: {supplies}.", "plan_span": "{low}–{high}", "plan_part": "Part",
        "plan_file": "File", "plan_stock": "Print on", "plan_sides": "Sides", "plan_pages": "Pages",
        "plan_sheets": "Sheets", "plan_stock_card": "card stock", "plan_stock_paper": "paper",
        "plan_sides_single": "single-sided", "plan_sides_double": "double-sided", "plan_optional": "{title} (optional)",
        "plan_row": "{title}: {file}, {pages}, {stock}, {sides}: {sheets}.", "plan_sheet_count": "{sheets} sheet",
        "plan_sheet_counts": "{sheets} sheets", "plan_totals": "In all: {card} of card stock and {paper} of paper.",
        "plan_same_for": "The same for {players} players.", "plan_handled": "{title} ({handling})",
        "plan_with": "With {players} players: {card} of card stock and {paper} of paper.",
        "plan_kit_whole": "Or all on paper, {title}: {file}, {pages}, {sides}.",
        "plan_other_build": "{title} (instead)",
        "plan_kit_incomplete": "It lacks the private and host parts: the game cannot be played from it alone.",
        "plan_instead": "Or print the {suffix}.pdf files in their place: {card} of card stock and {paper} of paper.",
        "plan_sides_fold": "{sides}; fold along the line, glue the halves, then cut",
        "plan_cut": "Cutting: about {minutes} minutes, {metres} m of cut line, at a metre a minute with scissors.",
        "plan_cut_none": "Nothing to cut.", "plan_cut_unmeasured": "Not counted: {parts}.",
        "plan_host_keeps": "The host keeps: {parts}", "plan_host_deals": "The host deals: {parts}",
        "plan_player_gets": "Each player gets: {parts}", "plan_on_table": "On the table: {parts}",
        "plan_host_more": "The host also prints what players may not see, from the host's bundle.",
        "plan_builds": "Double-sided, folded or bled cards are other builds; make them with one of these commands:",
        "kit_incomplete": "Not playable alone.", "kit_completes_public": "The host prints the rest (host's bundle).",
        "kit_completes_tree": "The host's print-and-play kit, next to it, holds everything: print it instead.",
        "host_kit_title": "Host's print-and-play kit",
        "text_edition_title": "Accessible text edition",
        "text_edition_font_title": "Accessible text edition: its font, Atkinson Hyperlegible",
        "pdf_title": "{game}: {what} ({paper})",
        "paper_a4": "A4",
        "paper_letter": "US Letter",
        "html_title": "{heading}: accessible text edition",
        "html_rules": "Rules",
        "html_cards": "Cards",
        "html_boards": "Boards",
        "html_sheets": "Sheets",
        "html_copies": "{copies} copies",
        "html_write_in": "{label}: a line to write on.",
        "html_icons": "{count} × {name}",  # a row of one icon
        "html_run": "{first} to {last}",  # a run of numbers repeated along a track: `0 to 60`
        "html_equation": "{left} = {right}, both ways",  # a two-way trade (Stone Market's arrow)
        "html_and": "{first} and {last}",
        "html_numbers": "no one two three four five six seven eight nine ten eleven twelve",  # counts in words, 0 up
        "html_marks": "{name} ({marks})",  # a face's name and its marks: `Amber (A, triangle)`
        "html_each": "{total} {what}: {each} each of {items}.",
        "html_alike_cards": "{count} {what}, all alike:",
        "html_backs": "On the back of every card:",
        "html_back": "On its back:",
        "field_cell": "{row}, {column}",  # a form field in a table: the cell's row and column (`Round 2, Lot A`)
        "field_numbered_row": "{corner} {row}",  # a row labelled by a bare number, named with its corner: `Fact 3`
        "html_keep": "What you write and tick here is kept in this browser.", "braille_tick_box": "tick box",
        "html_sheet_again": "The same sheet again as: {headings}.",
        "html_table": "{sheet}, table {number}",  # a table with no heading of its own
        "html_table_again": "{heading}, table {number}",  # the second table under one heading
        "html_card_table": "{deck}, card {card}, table {table}",  # card 0: the back every card shares
        "html_private": "Private material",
        "html_private_note": "Secret material has its own pages, so that each player can be given only their own "
                             "and the host the answers.",
        "html_private_elsewhere": "Each player's own material and the host's answers have pages of their own, "
                                  "which the host hands out.",
        "html_host_page": "{game}: the host's text edition",
        "html_host_warning": "For the host only: it links every player's private material and the host's answers.",
        "html_private_card": "Private: only for the player of {label}.",
        "html_host_card": "Private: for the host only ({label}). Keep it from the players.",
        "html_private_own": "Private: only for the player it is given to.",
        "html_private_sheet": "Private: for the host only. Keep it from the players.",
        "html_card_page": "{game}: {what} {index}, {label}",
        "html_sheet_page": "{game}: {what}",
        "catalogue_title": "Round & Revel print-and-play downloads",
        "catalogue_skip": "Skip to the games",
        "catalogue_howto": "How to print",
        "catalogue_howto_pick": "Pick your game, edition and paper size below. The kit holds every part of a game; "
                                "each part is also on its own. Private and host material is kept out of it: the "
                                "host's kit has everything, each secret part behind a cover.",
        "catalogue_howto_print": "Print at 100% / Actual size (turn off \"Fit to page\" and \"Shrink to fit\"), "
                                 "single-sided, on the paper the file names: {papers}.",
        "catalogue_howto_measure": "Measure the 50 mm square on the first page of the kit. If it is not 50 mm, "
                                   "change the print settings and print again.",
        "catalogue_howto_verify": "Check a download against its SHA-256 checksum if you want to be sure it is "
                                  "complete.",
        "catalogue_or": "{first} or {second}",
        "catalogue_text_edition": "Accessible text edition of {game}",
        "catalogue_text_edition_for": "(for screen readers and text-to-speech)",
        "catalogue_edition": "{game}: {edition}",
        "catalogue_paper": "{edition} on {paper} paper",
        "catalogue_first_page": "First page of {title}, {game}, {edition}, {paper}",
        "catalogue_secret_private": "(private: deal face down, one to each player)",
        "catalogue_secret_host": "(host only: keep it from the players)",
        "catalogue_secret_private_handled": "(private: {handling})",
        "catalogue_link_context": ", {game}, {edition}, {paper}",
        "catalogue_cover": "Cover of {title}, {game}, {edition}, {paper}",
        "catalogue_host_text_edition": "The host's text edition of {game}",
        "catalogue_contents": "Contents", "catalogue_accessible": "{game}: accessible editions",
        "catalogue_checksums": "Checking your downloads",
        "catalogue_checksums_why": "Each file's SHA-256 checksum is shown under it. In public/ and host/<game>/ "
                                   "every file has a checksum file beside it, its name with .sha256 added: save "
                                   "it in your downloads folder with the file, then run, in that folder:",
        "catalogue_checksums_linux": "Linux:",
        "catalogue_checksums_mac": "macOS:",
        "catalogue_checksums_windows": "Windows (compare what it prints with the file's checksum here):",
        "catalogue_sums_file": "SHA256SUMS, every file's checksum",
        "catalogue_manifest_file": "manifest.json, what every file is",
        "catalogue_page": "{pages} page",
        "catalogue_pages": "{pages} pages",
        "catalogue_cards": "{cards} cards",
        "catalogue_cuts": "{per_sheet} a sheet on {sheets} sheets, {metres} m of cut line",
        "catalogue_cuts_one": "{per_sheet} a sheet on 1 sheet, {metres} m of cut line",
        "catalogue_checksum": "SHA-256:",
        "catalogue_tree_note": "This is the press's full tree, with every secret file: do not upload this folder.",
        "catalogue_tree_public": "The public catalogue: the folder to upload as it is",
        "catalogue_tree_host": "The host's bundle of {game}: keep it to yourself",
        "catalogue_public_note": "This is the public catalogue: every file in it is for the players. Nothing private "
                                 "or for the host is here: the host prints that from the host's bundle.",
        "catalogue_howto_pick_public": "Pick your game, edition and paper size below. The kit holds every part the "
                                       "players may see; each part is also on its own. A game's private and host "
                                       "material is not here: the host has it.",
        "catalogue_flat_why": "Each file has a checksum file beside it, its name with .sha256 added. Save it in the "
                              "folder you saved the file in (your downloads folder will do), then run, in that "
                              "folder:",
        "catalogue_flat_file": "checksum file",
        "catalogue_flat_whole": "A copy of this whole folder, with its subfolders, is checked in one go with "
                                "SHA256SUMS:",
        "bundle_title": "{game}: the host's bundle",
        "bundle_note": "For the host only: it holds every player's private material and the host's answers. Keep "
                       "this folder to yourself and never upload it whole. The players' files are in the public "
                       "catalogue.",
        "bundle_print": "To print",
        "bundle_print_how": "The host's kit holds the whole game, each secret part behind a cover that says how to "
                            "handle it: print it at 100%, and hand the parts out as their covers say. Each secret "
                            "part is also on its own.",
        "bundle_pages": "Private pages",
        "bundle_host_page": "The host's text edition",
        "bundle_host_page_links": "links them all.",
        "bundle_pages_how": "Each page holds one player's own material, or the host's. Their names cannot be "
                            "worked out from the public files: to hand a player theirs online, upload only that "
                            "page (with the fonts folder beside it) and send that player its address.",
        "bundle_checksums": "Checking your files",
        "bundle_checksums_how": "Every file has a checksum file beside it, its name with {flat} added. In a folder "
                                "holding a file and its checksum file, run:",
        "bundle_checksums_whole": "A copy of this whole folder is checked with:",
        "catalogue_flat_windows": "Windows (compare what it prints with the first word of the checksum file):",
        # --- publish: the EPUB (its own words: titles, landmarks, the accessibility summary) ---
        "epub_title": "Accessible EPUB",
        "braille_title": "Braille-ready file (BRF)",
        "tactile_title": "Braille labels for the cards",
        "tactile_host_title": "Braille labels for the host's cards",
        "tactile_brf_title": "Braille labels for the cards, for an embosser (BRF)",
        "catalogue_brf": "Braille of {game} (BRF)",
        "catalogue_host_brf": "The host's braille of {game} (BRF)",
        "catalogue_brf_for": "(Unified English Braille, grade 2: 40 cells by 25 lines, for an embosser or a "
                             "braille display)",
        "epub_host_title": "The host's accessible EPUB",
        "epub_host_book": "{game}: the host's edition",
        "epub_contents": "Contents",
        "epub_landmarks": "Landmarks",
        "epub_page_list": "Pages of the printed rules",
        "epub_start": "Start of the text",
        "epub_summary": "The whole game as text: every rule, card and sheet, with headings, lists and tables in "
                        "reading order and a table of contents. Nothing depends on colour, sound or layout, and "
                        "the reading system may change the font, size and colours.",
        "epub_summary_host": "The host's edition as text: the whole game, then every player's private material "
                             "and the host's answers, each in a section of its own, with headings, lists and tables "
                             "in reading order and a table of contents. Nothing depends on colour, sound or layout. "
                             "Keep it from the players.",
        "epub_proof_intro": "Checked as this book was made: {claims}.",
        "epub_proof_failed": "Not proved: {checks}.",
        "epub_proof_pages": "each of its {count} pages declares its language and has a title",
        "epub_proof_headings": "its {count} headings run in reading order, none skipping a level, none empty",
        "epub_proof_tables": "each of its {count} tables has header cells scoped to their rows or columns",
        "epub_proof_links": "each of its {count} links says where it leads",
        "epub_proof_images": "its {count} images each have a text alternative",
        "epub_proof_images_none": "it holds no images",
        "epub_proof_controls": "each of its {count} form fields has a label",
        "catalogue_epub": "EPUB of {game}",
        "catalogue_epub_for": "(the same text for e-readers)",
        "catalogue_host_epub": "The host's EPUB of {game}",
        # --- export: Tabletop Simulator and print on demand ---
        "catalogue_exports": "{game} to play online and to order printed",
        "catalogue_export_edition": "{edition} edition",
        "catalogue_export_context": ", {game}",
        "export_tts_title": "Tabletop Simulator saved object",
        "export_png_title": "Print-on-demand card images", "export_print-shop_title": "Print-shop PDFs, a card a page",
        "export_tts_back": "On the back:",
        "export_stale": "{game}: its exports were made from older sources and are removed; run deckpress export again",
        "export_tts_readme": "{game} for Tabletop Simulator\n\nTo load it: copy {file} into Tabletop Simulator's "
                             "Saved Objects folder "
                             "(Documents/My Games/Tabletop Simulator/Saves/Saved Objects on Windows, "
                             "~/Library/Tabletop Simulator/Saves/Saved Objects on macOS, "
                             "~/.local/share/Tabletop Simulator/Saves/Saved Objects on Linux). In the game, open "
                             "Objects, then Saved Objects, and click it to place it on the table: each deck, the "
                             "rules and the sheets (as PDFs) and any die. Hover over a card to read its text.",
        "export_tts_upload": "The addresses in {file} start with {base}: upload these files there first, under "
                             "the same names, so that every player's Tabletop Simulator can fetch them. They hold "
                             "only what every player may see:",
        "export_tts_local": "The addresses in {file} are files on this computer (file:///): load it here. Other "
                            "players' Tabletop Simulator cannot fetch files from this computer: to play online, "
                            "export again with --base-url, and this README lists what to put at that address.",
        "export_tts_kept_out": "Not in {file}, as not every player may see them: {parts}. The host keeps them and "
                               "brings them to the table.",
        "export_tts_host_readme": "{game} for Tabletop Simulator: the host's object\n\n{file} holds what not every "
                                  "player may see: {parts}. Keep it and the images beside it to yourself: never "
                                  "upload them, nor put them in the public catalogue. To load it: copy {file} into "
                                  "Tabletop Simulator's Saved Objects folder, as for the players' object, and once "
                                  "every player is seated, open Objects, then Saved Objects, and click it. Its "
                                  "decks land face down; face down, a card's name and text are hidden too.",
        "export_tts_deal": "Private, one player's own: {parts}. Deal them into the players' hands: drag each "
                           "player's card into that player's hand zone, or right-click the deck and choose Deal. A "
                           "card in a hand shows its face and text to that hand's player alone. A card that must "
                           "lie on the table goes in a hidden zone of its player's colour (the Zones tool, Hidden "
                           "Zone): only that colour sees what is inside.",
        "export_tts_keep": "The host's alone: {parts}. Keep them in your own hand, or in a hidden zone of your colour.",
        "export_tts_host_local": "The images {file} loads are files on this computer (file:///) and stay here: "
                                 "other players' Tabletop Simulator cannot fetch them, so a player knows a card "
                                 "dealt to them by its name and text, hovering over it in their hand. Tabletop "
                                 "Simulator sends every object on the table, names and texts included, to every "
                                 "player's computer: a hand or a hidden zone hides a card in the game, not from a "
                                 "player who reads Tabletop Simulator's own files. Where that matters, give each "
                                 "player their card privately instead, from the host's print-and-play kit.",
        "export_tts_outside": "In neither object: {parts}. They are in the host's print-and-play kit.",
    },
}


def words(language: str) -> Mapping[str, str]:
    """The table for `language` (a BCP 47 tag such as `en` or `en-GB`: its primary subtag picks the table)."""
    return WORDS[known(language) or "en"]


def known(language: str) -> str | None:
    """The table's key for `language`, or None when the press has no words in it (the loader reports that)."""
    primary = language.split("-")[0].lower()
    return primary if primary in WORDS else None
