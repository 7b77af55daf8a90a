from seforge.cli import main

raise SystemExit(main())
