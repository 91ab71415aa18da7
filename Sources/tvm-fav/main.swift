import TVMCLI

await FavCommand.runAsTool()
