import FavoriteCommands
import TVMCLICore

await FavCommand.runAsTool()
