CompletionProbe.main()
