from deckpress.cli import main

raise SystemExit(main())
