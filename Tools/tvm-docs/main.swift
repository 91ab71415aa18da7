DocsCommand.main()
