import { INTL_LOCALES, type Locale, type LocalizedText } from './locale';

// The catalogue is usually the first thing a caller reaches for, so the locale helpers are reachable from
// here too; `./locale` owns them.
export type { Locale } from './locale';
export { resolveLocale } from './locale';

/**
 * Every user-facing validation, error and success message (spec sections 5 and 8), keyed by a stable code.
 *
 * Codes are the contract: zod schemas put the code in the issue message, the API sends the code together
 * with the text in the caller's language, and the web app translates codes it receives. Never change a code
 * once shipped; change its texts instead. English texts quoted in the spec are reproduced exactly (a test
 * pins them). `{name}` placeholders are filled by {@link translateMessage}.
 */
export const MESSAGES = {
  // Validation (spec section 5)
  'validation.required': { en: 'Field is required', sv: 'Fältet är obligatoriskt' },
  'validation.invalidInput': { en: 'Invalid input', sv: 'Ogiltig inmatning' },
  'validation.onlySpaces': { en: 'Cannot contain only spaces', sv: 'Får inte bara innehålla mellanslag' },
  // Every text over its limit: the API fills {max} from the schema's limit (zod's `maximum`), the web likewise.
  'validation.maxLength': {
    en: 'Cannot be longer than {max} characters',
    sv: 'Får inte vara längre än {max} tecken',
  },
  'validation.invalidShortDate': {
    en: 'Invalid date format. Should be YYYY-MM',
    sv: 'Ogiltigt datumformat. Ska vara ÅÅÅÅ-MM',
  },
  'validation.invalidLongDate': {
    en: 'Invalid date format. Should be YYYY-MM-DD',
    sv: 'Ogiltigt datumformat. Ska vara ÅÅÅÅ-MM-DD',
  },
  // A date in the right shape on a day that does not exist ('2026-11-31', '2026-02-29').
  'validation.invalidDate': { en: 'Invalid date', sv: 'Ogiltigt datum' },
  'validation.invalidWebsite': { en: 'Invalid website format', sv: 'Ogiltigt format på webbadressen' },
  'validation.invalidOrganisationNumber': {
    en: 'Invalid organisation number',
    sv: 'Ogiltigt organisationsnummer',
  },
  'validation.invalidVatNumber': { en: 'Invalid VAT Number', sv: 'Ogiltigt momsregistreringsnummer' },
  'validation.invalidEmail': { en: 'Invalid e-mail', sv: 'Ogiltig e-postadress' },
  'validation.enterEmail': { en: 'Enter an email', sv: 'Ange en e-postadress' },
  'validation.enterEmails': { en: 'Enter email addresses', sv: 'Ange e-postadresser' },
  'validation.invalidEmailNamed': { en: 'Invalid e-mail: {emails}', sv: 'Ogiltig e-postadress: {emails}' },
  'validation.invalidEmailsNamed': {
    en: 'Invalid e-mail addresses: {emails}',
    sv: 'Ogiltiga e-postadresser: {emails}',
  },
  'validation.tooManyEmails': {
    en: 'Enter at most {max} e-mail addresses at a time',
    sv: 'Ange högst {max} e-postadresser åt gången',
  },
  'validation.enterPassword': { en: 'Enter a password', sv: 'Ange ett lösenord' },
  'validation.enterFirstName': { en: 'Enter first name', sv: 'Ange förnamn' },
  'validation.enterLastName': { en: 'Enter last name', sv: 'Ange efternamn' },
  'validation.enterNationalIdentityNumber': {
    en: 'Enter your national identity number',
    sv: 'Ange ditt personnummer',
  },
  'validation.nationalIdentityNumberLength': {
    en: 'National Security Number must be 12 characters long',
    sv: 'Personnumret måste bestå av 12 siffror',
  },
  'validation.nationalIdentityNumberDigits': {
    en: 'National identity number can only contain digits',
    sv: 'Personnumret får bara innehålla siffror',
  },
  'validation.nationalIdentityNumberDate': {
    en: 'The national identity number does not contain a valid date of birth',
    sv: 'Personnumret innehåller inget giltigt födelsedatum',
  },
  'validation.nationalIdentityNumberChecksum': {
    en: 'Invalid national identity number, please check the last digit',
    sv: 'Ogiltigt personnummer, kontrollera den sista siffran',
  },
  'validation.underMinimumAge': {
    en: 'You must be at least 18 years old',
    sv: 'Du måste ha fyllt 18 år',
  },
  'validation.phoneRequired': { en: 'Phone number is required', sv: 'Telefonnummer är obligatoriskt' },
  // An optional phone field given something that is not a phone number: it must not say "required".
  'validation.invalidPhone': {
    en: 'Enter at least five digits, or leave it empty',
    sv: 'Ange minst fem siffror, eller lämna fältet tomt',
  },
  'validation.onlyNumbers': { en: 'Only numbers allowed', sv: 'Endast siffror är tillåtna' },
  'validation.passwordTooShort': {
    en: 'Password must be at least 8 characters long',
    sv: 'Lösenordet måste vara minst 8 tecken långt',
  },
  // scrypt takes any length, but a new password has a ceiling so a sign-up or reset cannot make the server hash
  // megabytes; logging in still takes a longer password set before the limit.
  'validation.passwordTooLong': {
    en: 'Password cannot be longer than 128 characters',
    sv: 'Lösenordet får inte vara längre än 128 tecken',
  },
  'validation.passwordContainsSpaces': {
    en: "Passwords can't include spaces",
    sv: 'Lösenord får inte innehålla mellanslag',
  },
  'validation.consentRequired': {
    en: 'You must agree to continue',
    sv: 'Du måste godkänna för att fortsätta',
  },
  'validation.notNegative': { en: 'Cannot be a negative number', sv: 'Får inte vara ett negativt tal' },
  'validation.feeTooHigh': {
    en: 'Fee cannot be more than 100,000 SEK per hour',
    sv: 'Arvodet får inte vara högre än 100 000 kr per timme',
  },
  'validation.priceTooHigh': {
    en: 'A price cannot be more than 1,000,000 SEK',
    sv: 'Priset får inte vara högre än 1 000 000 kr',
  },
  'validation.priceNotPositive': {
    en: 'A price must be more than 0 SEK',
    sv: 'Priset måste vara högre än 0 kr',
  },
  'validation.overtimeFeeTooHigh': {
    en: 'Overtime fee cannot be more than 200,000 SEK per hour',
    sv: 'Övertidsarvodet får inte vara högre än 200 000 kr per timme',
  },
  'validation.tooManyHoursPerDay': {
    en: 'Cannot report more than 24 hours per day',
    sv: 'Det går inte att rapportera mer än 24 timmar per dag',
  },
  'validation.tooManyHoursPerMonth': {
    en: 'Cannot report more than 744 hours per month',
    sv: 'Det går inte att rapportera mer än 744 timmar per månad',
  },
  'validation.phoneTooLong': {
    en: 'A phone number cannot be longer than 30 characters',
    sv: 'Ett telefonnummer får inte vara längre än 30 tecken',
  },
  // A time report of 0 hours and 0 overtime: nothing to save (a day is cleared by deleting its report).
  'validation.nothingToReport': {
    en: 'Enter hours or overtime. To clear a day, delete its report',
    sv: 'Ange timmar eller övertid. Ta bort rapporten för att tömma dagen',
  },
  'validation.atMostTwoDecimals': {
    en: 'Use at most two decimals',
    sv: 'Använd högst två decimaler',
  },
  'validation.personNameTooLong': {
    en: 'A name cannot be longer than 100 characters',
    sv: 'Ett namn får inte vara längre än 100 tecken',
  },
  'validation.nameTooLong': {
    en: 'Name cannot be longer than 30 characters',
    sv: 'Namnet får inte vara längre än 30 tecken',
  },
  'validation.tooManyHighlightedSkills': {
    en: 'You can highlight at most 5 skills',
    sv: 'Du kan framhäva högst 5 kompetenser',
  },
  'validation.fileTooLarge': {
    en: 'The file is too large. The maximum size is 10 MB',
    sv: 'Filen är för stor. Den får vara högst 10 MB',
  },
  'validation.unsupportedImageType': {
    en: 'Unsupported image format. Use JPEG, PNG or WebP',
    sv: 'Bildformatet stöds inte. Använd JPEG, PNG eller WebP',
  },
  'validation.contractMustBePdf': {
    en: 'The contract must be a PDF file',
    sv: 'Avtalet måste vara en PDF-fil',
  },
  'validation.deleteConfirmationMismatch': {
    en: 'Type the word delete to confirm',
    sv: 'Skriv ordet radera för att bekräfta',
  },

  // Profile editing and references
  'validation.tooManyItems': { en: 'Too many entries', sv: 'För många poster' },
  'validation.invalidYear': {
    en: 'Enter a year between 1940 and 2200',
    sv: 'Ange ett årtal mellan 1940 och 2200',
  },
  // An experience's start year below 1940: the range it may take (one from a year to come says so itself).
  'validation.startYearOutOfRange': {
    en: 'Enter a year from 1940 up to this year',
    sv: 'Ange ett årtal från 1940 till och med i år',
  },
  'validation.startYearInFuture': {
    en: 'An experience cannot start later than this year',
    sv: 'En erfarenhet kan inte börja senare än i år',
  },
  'validation.lastUsedYearOutOfRange': {
    en: 'Enter a year from 1940 up to this year',
    sv: 'Ange ett årtal från 1940 till och med i år',
  },
  'validation.tooManyYearsOfExperience': {
    en: 'Enter at most 80 years',
    sv: 'Ange högst 80 år',
  },
  'validation.endYearBeforeStartYear': {
    en: 'The end year cannot be before the start year',
    sv: 'Slutåret kan inte vara före startåret',
  },
  'validation.endYearOrOngoing': {
    en: 'Enter an end year or mark it as ongoing',
    sv: 'Ange ett slutår eller markera att det pågår',
  },
  // A profile list naming the same entry twice (two skills or titles the vocabulary resolves to one entry, a
  // language given twice): refused, since only one of them could be stored.
  'validation.duplicateSkill': {
    en: 'The skill is already in the list',
    sv: 'Kompetensen finns redan i listan',
  },
  'validation.duplicateLanguage': {
    en: 'The language is already in the list',
    sv: 'Språket finns redan i listan',
  },
  'validation.duplicateJobTitle': {
    en: 'The title is already in the list',
    sv: 'Titeln finns redan i listan',
  },
  'validation.dateBeforeToday': {
    en: 'Choose today or a later date',
    sv: 'Välj dagens datum eller ett senare',
  },
  'validation.ratingRequired': { en: 'Choose a rating from 1 to 5', sv: 'Välj ett betyg från 1 till 5' },
  // Request bodies that refuse keys they do not know (issue 12), so a client sending a field the API would
  // drop gets a 400 instead of silently lost data.
  'validation.unknownField': { en: 'Unknown field', sv: 'Okänt fält' },
  'validation.unknownFieldNamed': { en: 'Unknown field: {field}', sv: 'Okänt fält: {field}' },
  // What a request's non-text value got wrong, when its schema names no message of its own (api/src/errors.ts,
  // issueMessage maps zod's issue codes to these): an id, a value of a fixed set, a number's range, a type.
  'validation.invalidId': { en: 'Invalid id', sv: 'Ogiltigt id' },
  'validation.mustBeOneOf': {
    en: 'Invalid value, must be one of: {values}',
    sv: 'Ogiltigt värde, ska vara ett av: {values}',
  },
  'validation.numberMin': { en: 'Must be at least {min}', sv: 'Måste vara minst {min}' },
  'validation.numberMax': { en: 'Must be at most {max}', sv: 'Måste vara högst {max}' },
  'validation.numberAbove': { en: 'Must be greater than {min}', sv: 'Måste vara större än {min}' },
  'validation.numberBelow': { en: 'Must be less than {max}', sv: 'Måste vara mindre än {max}' },
  'validation.minLength': {
    en: 'Must be at least {min} characters long',
    sv: 'Måste vara minst {min} tecken långt',
  },
  'validation.minItems': { en: 'Must have at least {min} entries', sv: 'Måste ha minst {min} poster' },
  'validation.maxItems': {
    en: 'Cannot have more than {max} entries',
    sv: 'Får inte ha fler än {max} poster',
  },
  'validation.mustBeNumber': { en: 'Must be a number', sv: 'Ska vara ett tal' },
  'validation.mustBeWholeNumber': { en: 'Must be a whole number', sv: 'Ska vara ett heltal' },
  'validation.mustBeBoolean': { en: 'Must be true or false', sv: 'Ska vara sant eller falskt' },
  'validation.mustBeText': { en: 'Must be text', sv: 'Ska vara text' },
  'validation.mustBeList': { en: 'Must be a list', sv: 'Ska vara en lista' },
  'validation.mustBeObject': { en: 'Must be an object', sv: 'Ska vara ett objekt' },
  'validation.invalidReturnPath': {
    en: 'Invalid return address, it must be a page of this site',
    sv: 'Ogiltig returadress, den ska vara en sida på den här webbplatsen',
  },
  'validation.invalidPagePath': {
    en: 'Invalid page address, it must be a path of this site',
    sv: 'Ogiltig sidadress, den ska vara en sökväg på den här webbplatsen',
  },
  'validation.invalidCity': {
    en: 'Invalid city, write the name of the town',
    sv: 'Ogiltig ort, skriv ortens namn',
  },
  'validation.invalidPostalCode': {
    en: 'Invalid postal code, write five digits, e.g. 123 45',
    sv: 'Ogiltigt postnummer, skriv fem siffror, t.ex. 123 45',
  },
  'validation.invalidVocabularyId': {
    en: 'Use only lowercase letters a-z and digits, joined by single hyphens',
    sv: 'Använd bara små bokstäver a-z och siffror, förenade med enstaka bindestreck',
  },
  // A new entry's id is made from its English label, else its Swedish one (admin-vocabularies.service.ts).
  'validation.vocabularyLabelWithoutId': {
    en: "Write a letter a-z or a digit in the English or the Swedish label: the entry's id is made from it",
    sv: 'Skriv en bokstav a-z eller en siffra i den engelska eller den svenska benämningen: ordets id görs av den',
  },
  'validation.invalidLanguageId': {
    en: "A language's id is its two-letter code (ISO 639-1), e.g. sv",
    sv: 'Ett språks id är dess kod med två bokstäver (ISO 639-1), t.ex. sv',
  },
  'validation.invalidVocabularyCategory': {
    en: 'Use only lowercase letters a-z and digits, joined by single hyphens or underscores',
    sv: 'Använd bara små bokstäver a-z och siffror, förenade med enstaka bindestreck eller understreck',
  },
  'validation.invalidCardToken': {
    en: 'Invalid card reference from the card form',
    sv: 'Ogiltig kortreferens från kortformuläret',
  },
  'validation.invalidTab': { en: 'Invalid tab name', sv: 'Ogiltigt fliknamn' },
  // Control characters (a NUL, an escape) in any text a request sends (issue 13's input guard).
  'validation.forbiddenCharacters': {
    en: 'The text contains characters that are not allowed',
    sv: 'Texten innehåller tecken som inte är tillåtna',
  },

  // Errors (spec section 8)
  'error.generic': {
    en: 'Whoops! Something went wrong. Please try again',
    sv: 'Hoppsan! Något gick fel. Försök igen',
  },
  'error.unauthorized': { en: 'Unauthorized', sv: 'Du är inte inloggad' },
  'error.forbidden': { en: 'Forbidden', sv: 'Du saknar behörighet' },
  'error.notFound': { en: 'Not found', sv: 'Hittades inte' },
  'error.tooManyRequests': {
    en: 'Too many requests, please try again later',
    sv: 'För många förfrågningar, försök igen senare',
  },
  'error.premiumRequired': {
    en: 'This feature requires a premium account',
    sv: 'Den här funktionen kräver ett premiumkonto',
  },
  'error.bankIdFailed': {
    en: 'BankID authentication failed, Please try again',
    sv: 'Inloggningen med BankID misslyckades, försök igen',
  },
  'error.tooManyLoginAttempts': {
    en: 'Too many login attempts, please wait 30 seconds.',
    sv: 'För många inloggningsförsök, vänta 30 sekunder.',
  },
  'error.termsAlreadyAccepted': { en: 'Terms already accepted', sv: 'Villkoren är redan godkända' },
  'error.sessionExpired': {
    en: 'Session has expired. Please login again',
    sv: 'Sessionen har gått ut. Logga in igen',
  },
  'error.invalidToken': { en: 'Missing or invalid token.', sv: 'Token saknas eller är ogiltig.' },
  'error.resetLinkUsed': {
    en: 'This link has already been used. A password reset link works once, and a newer link replaces an older one.',
    sv: 'Länken har redan använts. En länk för att återställa lösenordet fungerar en gång, och en nyare länk ersätter en äldre.',
  },
  'error.resetLinkExpired': {
    en: 'This link has expired. A password reset link works for {minutes} minutes.',
    sv: 'Länken har gått ut. En länk för att återställa lösenordet gäller i {minutes} minuter.',
  },
  'error.accessRestricted': { en: 'Access restricted', sv: 'Åtkomst nekad' },
  'error.accessRestrictedInvalidToken': {
    en: 'Access restricted: no or invalid token',
    sv: 'Åtkomst nekad: token saknas eller är ogiltig',
  },
  'error.profileLoadFailed': {
    en: 'Something went wrong loading the profile, try again later',
    sv: 'Något gick fel när profilen skulle laddas, försök igen senare',
  },
  'error.profileNotAvailable': { en: 'Profile not available', sv: 'Profilen är inte tillgänglig' },
  'error.profileNoLongerExists': { en: 'Profile no longer exists', sv: 'Profilen finns inte längre' },
  'error.emailChangeFailed': {
    en: 'Unable to change e-mail, please try again later.',
    sv: 'Det gick inte att byta e-postadress, försök igen senare.',
  },
  'error.emailInUse': {
    en: 'This e-mail address is already used by another account. Choose another address.',
    sv: 'E-postadressen används redan av ett annat konto. Välj en annan adress.',
  },
  // The mail with a confirmation link could not be sent (the server did not answer); nothing was saved.
  'error.confirmationMailFailed': {
    en: 'We could not send the confirmation e-mail, so nothing was saved. Please try again later',
    sv: 'Vi kunde inte skicka bekräftelsemejlet, så inget sparades. Försök igen senare',
  },
  'error.noMatchingConsultant': {
    en: 'No matching consultant found',
    sv: 'Ingen matchande konsult hittades',
  },

  // Profiles, pictures, references and CV export
  'error.experienceNotFound': { en: 'The experience was not found', sv: 'Erfarenheten hittades inte' },
  'error.profileChanged': {
    en: 'Your profile was changed in another tab or on another device. Reload the page to see the latest version; what you typed here is kept until then.',
    sv: 'Din profil har ändrats i en annan flik eller på en annan enhet. Ladda om sidan för att se den senaste versionen. Det du har skrivit här finns kvar tills dess.',
  },
  // PROFILE_CHANGED on an admin's edit of someone else's profile.
  'error.userProfileChanged': {
    en: 'The profile was changed by its owner or in another tab since you opened it. Reload the page to see the latest version; what you typed here is kept until then.',
    sv: 'Profilen har ändrats av sin ägare eller i en annan flik sedan du öppnade den. Ladda om sidan för att se den senaste versionen. Det du har skrivit här finns kvar tills dess.',
  },
  'error.referenceNotFound': { en: 'The reference was not found', sv: 'Referensen hittades inte' },
  'error.referenceAlreadyAnswered': {
    en: 'The reference has already been answered',
    sv: 'Referensen har redan besvarats',
  },
  'error.referenceTokenUsed': {
    en: 'You have already answered this reference request – thank you',
    sv: 'Du har redan svarat på den här referensförfrågan – tack',
  },
  'error.tooManyReferences': {
    en: 'An experience can have at most {max} references',
    sv: 'En erfarenhet kan ha högst {max} referenser',
  },
  'error.referenceMailFailed': {
    en: 'The reference was saved but the e-mail could not be sent. Try sending it again later',
    sv: 'Referensen sparades men mejlet kunde inte skickas. Försök skicka det igen senare',
  },
  'error.pictureNotFound': { en: 'The picture was not found', sv: 'Bilden hittades inte' },

  // Saved searches and favourite lists
  'error.verificationRequired': {
    en: 'Confirm your e-mail address to use this feature',
    sv: 'Bekräfta din e-postadress för att använda den här funktionen',
  },
  'error.savedSearchNotFound': {
    en: 'The saved search was not found',
    sv: 'Den sparade sökningen hittades inte',
  },
  'error.listNotFound': { en: 'The list was not found', sv: 'Listan hittades inte' },
  'error.listNameTaken': {
    en: 'You already have a list with this name',
    sv: 'Du har redan en lista med det här namnet',
  },
  'error.listFull': {
    en: 'A list can hold at most {max} consultants',
    sv: 'En lista kan innehålla högst {max} konsulter',
  },

  // Identity and accounts
  'error.invalidCredentials': { en: 'Wrong e-mail or password', sv: 'Fel e-postadress eller lösenord' },
  'error.wrongPassword': { en: 'The password is not correct', sv: 'Lösenordet stämmer inte' },
  'error.accountRemoved': { en: 'This account has been removed', sv: 'Kontot har tagits bort' },
  'error.emailUnchanged': {
    en: 'This is already your e-mail address',
    sv: 'Det här är redan din e-postadress',
  },
  'error.alreadyVerified': {
    en: 'Your e-mail address is already confirmed',
    sv: 'Din e-postadress är redan bekräftad',
  },
  'error.noTermsToAccept': { en: 'There are no terms to accept', sv: 'Det finns inga villkor att godkänna' },
  'error.deletionConfirmationRequired': {
    en: 'Confirm the deletion with BankID or your password',
    sv: 'Bekräfta borttagningen med BankID eller ditt lösenord',
  },

  // BankID progress and failure messages (the RFA texts of BankID's relying-party guidelines, numbers in comments)
  'error.bankIdStartApp': { en: 'Start your BankID app.', sv: 'Starta BankID-appen.' }, // RFA1
  'error.bankIdTryingToStartApp': {
    en: 'Trying to start your BankID app.',
    sv: 'Försöker starta BankID-appen.',
  }, // RFA13
  'error.bankIdEnterSecurityCode': {
    en: 'Enter your security code in the BankID app and select Identify or Sign.',
    sv: 'Skriv in din säkerhetskod i BankID-appen och välj Identifiera eller Skriv under.',
  }, // RFA9
  'error.bankIdInProgress': {
    en: 'Identification or signing in progress.',
    sv: 'Identifiering eller underskrift pågår.',
  }, // RFA21
  'error.bankIdProcessTravelDocument': {
    en: 'Process your machine-readable travel document using the BankID app.',
    sv: 'Fotografera och läs av din ID-handling med BankID-appen.',
  }, // RFA23
  'error.bankIdConfirmCall': {
    en: 'Confirm the call in the BankID app.',
    sv: 'Bekräfta samtalet i BankID-appen.',
  },
  'error.bankIdActionCancelledTryAgain': {
    en: 'Action cancelled. Please try again.',
    sv: 'Åtgärden avbruten. Försök igen.',
  }, // RFA3
  'error.bankIdAlreadyInProgress': {
    en: 'An identification or signing for this personal number is already started. Please try again.',
    sv: 'En identifiering eller underskrift för det här personnumret är redan påbörjad. Försök igen.',
  }, // RFA4
  'error.bankIdInternalError': {
    en: 'Internal error. Please try again.',
    sv: 'Internt tekniskt fel. Försök igen.',
  }, // RFA5
  'error.bankIdActionCancelled': { en: 'Action cancelled.', sv: 'Åtgärden avbruten.' }, // RFA6
  'error.bankIdAppNotResponding': {
    en: "The BankID app is not responding. Please check that it's started and that you have internet access. If you don't have a valid BankID you can get one from your bank. Try again.",
    sv: 'BankID-appen svarar inte. Kontrollera att den är startad och att du har internetanslutning. Om du inte har något giltigt BankID kan du skaffa ett hos din bank. Försök sedan igen.',
  }, // RFA8
  'error.bankIdCertificateBlocked': {
    en: 'The BankID you are trying to use is blocked or too old. Please use another BankID or get a new one from your bank.',
    sv: 'Det BankID du försöker använda är för gammalt eller spärrat. Använd ett annat BankID eller skaffa ett nytt hos din bank.',
  }, // RFA16
  'error.bankIdAppNotFound': {
    en: "The BankID app couldn't be found on your computer or mobile device. Please install it and get a BankID from your bank. Install the app from your app store or https://install.bankid.com.",
    sv: 'BankID-appen verkar inte finnas i din dator eller telefon. Installera den och skaffa ett BankID hos din bank. Installera appen från din appbutik eller https://install.bankid.com.',
  }, // RFA17A
  'error.bankIdUnknownError': { en: 'Unknown error. Please try again.', sv: 'Okänt fel. Försök igen.' }, // RFA22
  'error.bankIdAppUpdateRequired': {
    en: 'Your BankID app needs to be updated. Update it and try again.',
    sv: 'BankID-appen behöver uppdateras. Uppdatera den och försök igen.',
  },

  // Hardening (issue 13): errors raised by the framework, its plugins and the request guards
  'error.badRequest': { en: 'Invalid request', sv: 'Ogiltig förfrågan' },
  'error.invalidUrl': { en: 'Invalid address', sv: 'Ogiltig adress' },
  'error.invalidJson': {
    en: 'The request body is not valid JSON',
    sv: 'Förfrågans innehåll är inte giltig JSON',
  },
  'error.payloadTooLarge': { en: 'The request is too large', sv: 'Förfrågan är för stor' },
  'error.unsupportedMediaType': {
    en: 'Unsupported content type',
    sv: 'Innehållstypen stöds inte',
  },
  'error.confirmationRequired': {
    en: 'Confirm with BankID or your password to continue',
    sv: 'Bekräfta med BankID eller ditt lösenord för att fortsätta',
  },
  'error.referenceOwnEmail': {
    en: 'You cannot be your own referee',
    sv: 'Du kan inte vara din egen referens',
  },
  'error.referenceQuotaExceeded': {
    en: 'You can send at most {max} reference requests per day',
    sv: 'Du kan skicka högst {max} referensförfrågningar per dygn',
  },
  // What the BankID app shows the user (userVisibleData), so they know which service asks
  'bankid.visibleLogin': {
    en: 'Log in to Konsultmarknaden',
    sv: 'Logga in på Konsultmarknaden',
  },
  'bankid.visibleConfirm': {
    en: 'Confirm with BankID on Konsultmarknaden',
    sv: 'Bekräfta med BankID på Konsultmarknaden',
  },

  // Companies, invite links, projects and contracts
  'error.companyNotFound': { en: 'The company was not found', sv: 'Företaget hittades inte' },
  'error.companyPermissionRequired': {
    en: 'You do not have permission to do this in the company',
    sv: 'Du har inte behörighet att göra detta i företaget',
  },
  'error.companyAdminRequired': {
    en: "Only the company's administrators can do this",
    sv: 'Bara företagets administratörer kan göra detta',
  },
  'error.lastCompanyAdmin': {
    en: 'A company must keep at least one administrator',
    sv: 'Ett företag måste ha minst en administratör',
  },
  'error.accountLastCompanyAdmin': {
    en: 'You are the only administrator of {companies}. Make another member an administrator, or remove the other members, before you delete your account',
    sv: 'Du är den enda administratören för {companies}. Gör en annan medlem till administratör, eller ta bort de andra medlemmarna, innan du tar bort ditt konto',
  },
  'error.memberNotFound': { en: 'The member was not found', sv: 'Medlemmen hittades inte' },
  'error.inviteLinkNotFound': {
    en: 'This invite link does not exist. Ask the company for a new link',
    sv: 'Inbjudningslänken finns inte. Be företaget om en ny länk',
  },
  'error.inviteLinkExpired': {
    en: 'This invite link has expired. Ask the company for a new link',
    sv: 'Inbjudningslänken har gått ut. Be företaget om en ny länk',
  },
  'error.inviteLinkRevoked': {
    en: 'This invite link has been replaced by a new one and no longer works. Ask the company for the new link',
    sv: 'Inbjudningslänken har ersatts av en ny och fungerar inte längre. Be företaget om den nya länken',
  },
  'error.removedFromCompany': {
    en: 'You were removed from this company, so its invite link does not let you back in. Ask an administrator of the company to invite you by e-mail',
    sv: 'Du har tagits bort från företaget, så inbjudningslänken släpper inte in dig igen. Be en administratör på företaget att bjuda in dig via e-post',
  },
  'error.inviteQuotaExceeded': {
    en: 'A company can send at most {max} invitations by e-mail per day',
    sv: 'Ett företag kan skicka högst {max} inbjudningar via e-post per dygn',
  },
  'error.projectNotFound': { en: 'The project was not found', sv: 'Projektet hittades inte' },
  'error.projectNameTaken': {
    en: 'The company already has a project with this name',
    sv: 'Företaget har redan ett projekt med det här namnet',
  },
  'error.contractNotFound': { en: 'The contract was not found', sv: 'Avtalet hittades inte' },
  'error.contractFileRequired': { en: 'Choose a PDF file', sv: 'Välj en PDF-fil' },
  'error.contractTooLarge': {
    en: 'The file is too large. The maximum size is 20 MB',
    sv: 'Filen är för stor. Den får vara högst 20 MB',
  },
  'error.contractSignerRequired': {
    en: 'Choose a signer: a member or an e-mail address',
    sv: 'Välj en undertecknare: en medlem eller en e-postadress',
  },
  'error.contractStatusConflict': {
    en: 'The contract {from} and can no longer {to}',
    sv: 'Avtalet {from} och kan inte längre {to}',
  },
  // What became of a contract ({from}) and what it can no longer do ({to}) in error.contractStatusConflict.
  'status.contractIsDraft': { en: 'is a draft', sv: 'är ett utkast' },
  'status.contractIsSent': { en: 'has been sent for signing', sv: 'har skickats för underskrift' },
  'status.contractIsSigned': { en: 'has been signed', sv: 'har undertecknats' },
  'status.contractIsDeclined': { en: 'has been declined', sv: 'har avböjts' },
  'status.contractIsExpired': { en: 'has expired', sv: 'har löpt ut' },
  'status.contractIsCancelled': { en: 'has been cancelled', sv: 'har avbrutits' },
  'status.contractBecomeDraft': { en: 'become a draft again', sv: 'bli ett utkast igen' },
  'status.contractBecomeSent': { en: 'be sent for signing', sv: 'skickas för underskrift' },
  'status.contractBecomeSigned': { en: 'be signed', sv: 'undertecknas' },
  'status.contractBecomeDeclined': { en: 'be declined', sv: 'nekas' },
  'status.contractBecomeExpired': { en: 'expire', sv: 'löpa ut' },
  'status.contractBecomeCancelled': { en: 'be cancelled', sv: 'avbrytas' },
  'status.contractBecomeEdited': { en: 'be changed', sv: 'ändras' },
  // The status conflicts error.contractStatusConflict would word oddly: the same status again, or an outcome of
  // signing for a contract that was never sent.
  'error.contractAlreadyDraft': { en: 'The contract is already a draft', sv: 'Avtalet är redan ett utkast' },
  'error.contractAlreadySent': {
    en: 'The contract has already been sent for signing',
    sv: 'Avtalet har redan skickats för underskrift',
  },
  'error.contractAlreadySigned': {
    en: 'The contract has already been signed',
    sv: 'Avtalet har redan undertecknats',
  },
  'error.contractAlreadyDeclined': {
    en: 'The contract has already been declined',
    sv: 'Avtalet har redan avböjts',
  },
  'error.contractAlreadyExpired': { en: 'The contract has already expired', sv: 'Avtalet har redan löpt ut' },
  'error.contractAlreadyCancelled': {
    en: 'The contract has already been cancelled',
    sv: 'Avtalet har redan avbrutits',
  },
  // Only a contract whose signing is over without a signature can be copied to a new draft (QA12 F5).
  'error.contractNotCopyable': {
    en: 'The contract {from}: only a declined, expired or cancelled contract can be copied to a new draft',
    sv: 'Avtalet {from}: bara ett avböjt, utgånget eller avbrutet avtal kan kopieras till ett nytt utkast',
  },
  'error.contractNotSentYet': {
    en: 'The contract has not been sent for signing yet',
    sv: 'Avtalet har inte skickats för underskrift ännu',
  },
  'error.signedDocumentNotAvailable': {
    en: 'There is no signed document yet',
    sv: 'Det finns inget undertecknat dokument ännu',
  },
  'error.signingProviderUnavailable': {
    en: 'The signing service could not be reached. Please try again',
    sv: 'Signeringstjänsten kunde inte nås. Försök igen',
  },
  'success.companySaved': { en: 'The company was saved', sv: 'Företaget har sparats' },
  'success.contractSaved': { en: 'The contract was saved', sv: 'Avtalet har sparats' },
  'success.contractCopied': {
    en: 'A new draft of the contract was made: check the signer and send it',
    sv: 'Ett nytt utkast av avtalet har skapats: kontrollera undertecknaren och skicka det',
  },
  'success.contractSent': {
    en: 'The contract was sent for signing',
    sv: 'Avtalet har skickats för underskrift',
  },

  // Successes (spec section 8)
  'success.searchSaved': { en: 'Your search was saved', sv: 'Din sökning har sparats' },
  'success.searchDeleted': { en: 'Your search was successfully deleted', sv: 'Din sökning har tagits bort' },
  'success.listDeleted': { en: 'List successfully deleted!', sv: 'Listan har tagits bort!' },
  'success.inquirySent': {
    en: 'Thank you! We will get back to you within 2 working days',
    sv: 'Tack! Vi återkommer till dig inom 2 arbetsdagar',
  },
  'success.profileSaved': { en: 'Your profile was saved', sv: 'Din profil har sparats' },
  'success.referenceRequested': {
    en: 'The reference request was sent',
    sv: 'Referensförfrågan har skickats',
  },
  'success.referenceAnswered': {
    en: 'Thank you! Your answer has been recorded',
    sv: 'Tack! Ditt svar har registrerats',
  },
  // Admin area, feedback and offers (issue 18)
  'error.userNotFound': { en: 'User not found', sv: 'Användaren finns inte' },
  'error.ownAdminRights': {
    en: 'You cannot take away your own admin rights. Ask another admin to do it.',
    sv: 'Du kan inte ta bort din egen administratörsbehörighet. Be en annan administratör göra det.',
  },
  'error.termsVersionNotFound': { en: 'Terms version not found', sv: 'Villkorsversionen finns inte' },
  'error.termsNotPublished': {
    en: 'No version of this document has been published',
    sv: 'Ingen version av dokumentet har publicerats',
  },
  'error.termsVersionAlreadyPublished': {
    en: 'This version is already published and can no longer be changed',
    sv: 'Versionen är redan publicerad och kan inte längre ändras',
  },
  'error.termsDraftExists': {
    en: 'There is already a draft of these terms. Edit or publish it first',
    sv: 'Det finns redan ett utkast av dessa villkor. Redigera eller publicera det först',
  },
  'error.feedbackNotFound': { en: 'Feedback not found', sv: 'Återkopplingen finns inte' },
  'error.offerNotFound': { en: 'Offer not found', sv: 'Erbjudandet finns inte' },
  'error.offerLogoNotFound': { en: 'The logo was not found', sv: 'Logotypen hittades inte' },
  'error.pricingNotFound': { en: 'Plan or product not found', sv: 'Planen eller produkten finns inte' },
  'error.vocabularyEntryNotFound': { en: 'Vocabulary entry not found', sv: 'Ordet finns inte i ordlistan' },
  'error.vocabularyEntryExists': {
    en: 'The vocabulary already has an entry with this id',
    sv: 'Ordlistan har redan ett ord med detta id',
  },
  'error.vocabularyTextTaken': {
    en: '"{text}" already belongs to another entry ({other})',
    sv: '”{text}” hör redan till ett annat ord ({other})',
  },
  'error.vocabularyEntryInUse': {
    en: 'This entry cannot be deleted: {count} profiles use it. Merge it into another entry instead',
    sv: 'Ordet kan inte raderas: {count} profiler använder det. Slå ihop det med ett annat ord i stället',
  },
  'error.vocabularyEntryInUseOne': {
    en: 'This entry cannot be deleted: 1 profile uses it. Merge it into another entry instead',
    sv: 'Ordet kan inte raderas: 1 profil använder det. Slå ihop det med ett annat ord i stället',
  },
  'error.vocabularyMergeSelf': {
    en: 'An entry cannot be merged into itself',
    sv: 'Ett ord kan inte slås ihop med sig självt',
  },
  'error.vocabularyChangeNotFound': {
    en: 'Vocabulary change not found',
    sv: 'Ändringen av ordlistan finns inte',
  },
  'validation.invalidUrl': {
    en: 'Invalid link. It should start with https://',
    sv: 'Ogiltig länk. Den ska börja med https://',
  },
  'validation.offerLogoUpload': {
    en: 'Upload the logo as an image file here: a logo on another website cannot be shown',
    sv: 'Ladda upp logotypen som en bildfil här: en logotyp på en annan webbplats kan inte visas',
  },
  'validation.validityOrder': {
    en: 'The end date cannot be before the start date',
    sv: 'Slutdatumet kan inte vara före startdatumet',
  },
  // An assignment's period (domain/src/billing.ts, assignmentPeriodIssues): dates written per language.
  'validation.assignmentStartBeforeContract': {
    en: 'The assignment cannot start before {date}: the contract was signed on {signed}',
    sv: 'Uppdraget kan inte börja före {date}: avtalet signerades {signed}',
  },
  'validation.assignmentStartTooLate': {
    en: 'The assignment must start on {date} at the latest',
    sv: 'Uppdraget måste börja senast {date}',
  },
  'validation.assignmentEndTooLate': {
    en: 'The last day can be {date} at the latest',
    sv: 'Sista dagen kan vara senast {date}',
  },
  'success.feedbackSent': {
    en: 'Thank you for your feedback! We have sent you a confirmation by e-mail',
    sv: 'Tack för din återkoppling! Vi har skickat en bekräftelse till din e-post',
  },

  // Payments, subscriptions and the assessment (issue 17)
  'validation.identityNumberRequired': {
    en: 'Enter an organisation number or a personal identity number',
    sv: 'Ange ett organisationsnummer eller ett personnummer',
  },
  'error.cardNotFound': {
    en: 'The card could not be found at the payment provider. Add it again',
    sv: 'Kortet hittades inte hos betalningsleverantören. Lägg till det igen',
  },
  'error.cardDeclined': {
    en: 'Your card was declined. Try another card',
    sv: 'Ditt kort nekades. Försök med ett annat kort',
  },
  'error.cardInsufficientFunds': {
    en: 'Your card has insufficient funds. Try another card or contact your bank',
    sv: 'Kortet saknar täckning. Försök med ett annat kort eller kontakta din bank',
  },
  'error.cardExpired': {
    en: 'Your card has expired. Add your new card and try again',
    sv: 'Ditt kort har gått ut. Lägg till ditt nya kort och försök igen',
  },
  'error.cardIncorrectCvc': {
    en: 'The security code (CVC) did not match the card. Add the card again with the right code',
    sv: 'Säkerhetskoden (CVC) stämde inte med kortet. Lägg till kortet igen med rätt kod',
  },
  'error.cardProcessingError': {
    en: 'The card could not be charged because of a temporary fault. Try again in a moment',
    sv: 'Kortet kunde inte debiteras på grund av ett tillfälligt fel. Försök igen om en stund',
  },
  'error.cardAuthenticationFailed': {
    en: 'The card could not be verified. Try again or use another card',
    sv: 'Kortet kunde inte verifieras. Försök igen eller använd ett annat kort',
  },
  'error.paymentMethodRequired': { en: 'Add a card first', sv: 'Lägg till ett kort först' },
  'error.paymentDetailsRequired': {
    en: 'Enter your payment details first',
    sv: 'Fyll i dina betalningsuppgifter först',
  },
  'error.planNotPurchasable': {
    en: 'This plan cannot be bought online. Contact us for an offer',
    sv: 'Den här planen går inte att köpa online. Kontakta oss för en offert',
  },
  'error.subscriptionExists': {
    en: 'You already have a subscription',
    sv: 'Du har redan en prenumeration',
  },
  'error.premiumGranted': {
    en: 'You already have premium, given to your account by us. It does not renew and nothing is charged, so there is nothing to buy',
    sv: 'Du har redan premium, som vi har gett ditt konto. Det förnyas inte och inget dras, så det finns inget att köpa',
  },
  'error.noSubscription': { en: 'You have no subscription', sv: 'Du har ingen prenumeration' },
  'error.subscriptionCancelled': {
    en: 'Your subscription is cancelled. Keep it first, then choose another plan',
    sv: 'Din prenumeration är uppsagd. Behåll den först och välj sedan en annan plan',
  },
  'error.nothingToPay': {
    en: 'Your subscription is paid: there is nothing to pay now',
    sv: 'Din prenumeration är betald: det finns inget att betala nu',
  },
  'error.cardInUse': {
    en: 'This card pays for your subscription. Add another card first, or cancel the subscription',
    sv: 'Det här kortet betalar din prenumeration. Lägg till ett annat kort först, eller avsluta prenumerationen',
  },
  'error.paymentProviderUnavailable': {
    en: 'The payment service is not answering. Please try again in a moment',
    sv: 'Betaltjänsten svarar inte. Försök igen om en stund',
  },
  'error.searchUnavailable': {
    en: 'The search is not answering right now. Please try again in a moment',
    sv: 'Sökningen svarar inte just nu. Försök igen om en stund',
  },
  'error.webhookSignatureInvalid': {
    en: 'Invalid webhook signature',
    sv: 'Ogiltig signatur på webhooken',
  },
  'error.paymentNotFound': { en: 'The payment was not found', sv: 'Betalningen hittades inte' },
  'error.paymentNotRefundable': {
    en: 'The payment cannot be refunded',
    sv: 'Betalningen kan inte återbetalas',
  },
  'error.assessmentAlreadyPurchased': {
    en: 'You have already purchased the assessment',
    sv: 'Du har redan köpt testet',
  },
  'error.assessmentNotPurchased': {
    en: 'Buy the assessment before taking it',
    sv: 'Köp testet innan du gör det',
  },
  'error.assessmentIncomplete': {
    en: 'Answer all {count} questions before you submit',
    sv: 'Besvara alla {count} frågor innan du skickar in',
  },
  'error.assessmentAlreadyTaken': {
    en: 'The assessment has already been taken',
    sv: 'Testet är redan gjort',
  },
  'error.coachSessionNotIncluded': {
    en: 'The feedback session is included in the Full Coach Package',
    sv: 'Återkopplingssessionen ingår i Full Coach Package',
  },
  'error.coachSlotTaken': {
    en: 'Someone else has just booked that time. Choose another time',
    sv: 'Någon annan har precis bokat den tiden. Välj en annan tid',
  },
  'error.coachSlotNotFound': { en: 'The time could not be found', sv: 'Tiden hittades inte' },
  'error.coachSessionTooLate': {
    en: 'A feedback session can be booked, moved or cancelled until {hours} hours before it starts',
    sv: 'En återkopplingssession kan bokas, flyttas eller avbokas fram till {hours} timmar innan den börjar',
  },
  'error.coachSessionNotBooked': {
    en: 'You have no booked feedback session',
    sv: 'Du har ingen bokad återkopplingssession',
  },
  'error.coachSlotInPast': { en: 'The time must be in the future', sv: 'Tiden måste ligga i framtiden' },
  'error.coachSlotOverlaps': {
    en: 'You already offer a time that overlaps this one ({time}, Swedish time)',
    sv: 'Du har redan en tid som överlappar den här ({time}, svensk tid)',
  },
  'error.coachSlotBooked': {
    en: 'The time is booked by a consultant and cannot be removed',
    sv: 'Tiden är bokad av en konsult och kan inte tas bort',
  },
  'success.cardSaved': { en: 'Your card was saved', sv: 'Ditt kort har sparats' },
  'success.cardSavedSubscriptionPaid': {
    en: 'Your card was saved and the overdue payment for your subscription went through with it',
    sv: 'Ditt kort har sparats och den försenade betalningen för din prenumeration gick igenom med det',
  },
  'success.cardRemoved': { en: 'The card was removed', sv: 'Kortet har tagits bort' },
  'success.cardRemovedSubscriptionPaid': {
    en: 'The card was removed and the overdue payment of {amount} for your subscription went through with your other card',
    sv: 'Kortet har tagits bort och den försenade betalningen på {amount} för din prenumeration gick igenom med ditt andra kort',
  },
  'status.cardChangeChargeDeclined': {
    en: '{done}, but the payment of {amount} for your subscription did not go through. {reason}. {next}',
    sv: '{done}, men betalningen på {amount} för din prenumeration gick inte igenom. {reason}. {next}',
  },
  'status.cardChangeChargeNeedsVerification': {
    en: '{done}, but your bank wants you to confirm the payment of {amount} with 3-D Secure: choose Pay now to confirm it. {next}',
    sv: '{done}, men din bank vill att du bekräftar betalningen på {amount} med 3-D Secure: välj Betala nu för att bekräfta den. {next}',
  },
  'status.overdueNextAttempt': {
    en: 'Otherwise we try the card again on {date}',
    sv: 'Annars försöker vi dra kortet igen den {date}',
  },
  'status.overdueLastChance': {
    en: 'Premium ends on {date} unless the payment has gone through by then',
    sv: 'Premium upphör den {date} om betalningen inte har gått igenom innan dess',
  },
  'success.subscriptionEndedNow': {
    en: 'Your subscription has ended. Nothing more will be charged',
    sv: 'Din prenumeration har avslutats. Inget mer kommer att dras',
  },
  'success.billMarkedPaid': { en: 'The invoice is marked as paid', sv: 'Fakturan är markerad som betald' },
  'success.paymentDetailsSaved': {
    en: 'Your payment details were saved',
    sv: 'Dina betalningsuppgifter har sparats',
  },
  'success.planChangeScheduled': {
    en: 'Your plan changes to {plan} on {date}',
    sv: 'Din plan byts till {plan} den {date}',
  },
  'success.planChangeUndone': {
    en: 'You stay on {plan}',
    sv: 'Du behåller {plan}',
  },
  'success.subscriptionCancelled': {
    en: 'Your subscription ends at the end of the period',
    sv: 'Din prenumeration avslutas vid periodens slut',
  },
  // Time reporting and invoicing (issue 16)
  'error.assignmentNotFound': { en: 'The assignment was not found', sv: 'Uppdraget hittades inte' },
  'error.timeReportNotFound': { en: 'The time report was not found', sv: 'Tidrapporten hittades inte' },
  'error.billNotFound': { en: 'The bill was not found', sv: 'Fakturan hittades inte' },
  'error.billAlreadyPaid': {
    en: 'This invoice is already paid. Nothing more will be charged',
    sv: 'Fakturan är redan betald. Inget mer dras',
  },
  'error.billPaidDateInvalid': {
    en: 'The payment date must be between the invoice date and today',
    sv: 'Betalningsdagen måste vara mellan fakturadagen och i dag',
  },
  'error.timeReportExists': {
    en: 'Time is already reported for this day on this assignment. Edit that report instead',
    sv: 'Det finns redan tid rapporterad för den här dagen på uppdraget. Ändra den rapporten i stället',
  },
  'error.timeMonthLocked': {
    en: 'This month has been submitted or approved and can no longer be changed',
    sv: 'Månaden är inskickad eller godkänd och kan inte längre ändras',
  },
  // A locked month's reports, and the month machine's refusals (TIME_MONTH_LOCKED, TIME_MONTH_STATUS_CONFLICT),
  // said per case: what has happened to the month, not "is X and cannot be X".
  'error.timeMonthSubmittedLocked': {
    en: 'The month has been submitted and can be changed again only if the approver returns it',
    sv: 'Månaden har skickats in och kan bara ändras igen om den som godkänner skickar tillbaka den',
  },
  'error.timeMonthApproved': {
    en: 'The month is approved and can no longer be changed',
    sv: 'Månaden är godkänd och kan inte längre ändras',
  },
  'error.timeMonthStatusConflict': {
    en: 'The month cannot be changed that way now',
    sv: 'Månaden kan inte ändras på det sättet nu',
  },
  'error.timeMonthAlreadySubmitted': {
    en: 'The month has already been submitted',
    sv: 'Månaden har redan skickats in',
  },
  'error.timeMonthAlreadyReturned': {
    en: 'The month has already been returned to the consultant',
    sv: 'Månaden har redan skickats tillbaka till konsulten',
  },
  'error.timeMonthAlreadyApproved': {
    en: 'The month has already been approved',
    sv: 'Månaden har redan godkänts',
  },
  'error.timeMonthNotSubmittedYet': {
    en: 'The month has not been submitted yet',
    sv: 'Månaden har inte skickats in ännu',
  },
  'error.timeMonthNotSubmittedAgain': {
    en: 'The month was returned to the consultant and has not been submitted again yet',
    sv: 'Månaden skickades tillbaka till konsulten och har inte skickats in igen ännu',
  },
  'error.nothingToSubmit': {
    en: 'There are no reported hours to submit for this month',
    sv: 'Det finns inga rapporterade timmar att skicka in för månaden',
  },
  'error.dateOutsideAssignment': {
    en: 'The date is outside the assignment period',
    sv: 'Datumet ligger utanför uppdragets period',
  },
  // Only days that have come can be reported, and only months that have begun submitted (a month may be
  // submitted before it ends, when the work is done early).
  'error.timeReportInFuture': {
    en: 'You cannot report time for a day that has not come yet',
    sv: 'Du kan inte rapportera tid för en dag som inte har kommit ännu',
  },
  'error.timeMonthNotStarted': {
    en: 'You cannot submit a month that has not started yet',
    sv: 'Du kan inte skicka in en månad som inte har börjat ännu',
  },
  'error.contractNotSigned': {
    en: 'An assignment needs a signed contract',
    sv: 'Ett uppdrag kräver ett signerat avtal',
  },
  'error.contractSignerNotUser': {
    en: 'The contract was signed by someone without an account here',
    sv: 'Avtalet signerades av någon som inte har ett konto här',
  },
  'error.approverNotMember': {
    en: 'The approver must be a member of the company',
    sv: 'Den som godkänner måste vara medlem i företaget',
  },
  // Separation of duties: nobody approves their own time (the approval issues the bill).
  'error.approverIsConsultant': {
    en: 'The consultant cannot approve their own time. Choose another member',
    sv: 'Konsulten kan inte godkänna sin egen tid. Välj en annan medlem',
  },
  'error.assignmentOverlaps': {
    en: 'The consultant is already hired under this contract for part of that period',
    sv: 'Konsulten är redan anlitad enligt det här avtalet under en del av den perioden',
  },
  // Changing an assignment's approver and ending it (manage_contracts).
  'error.assignmentAlreadyEnds': {
    en: 'The assignment already ends on {date}',
    sv: 'Uppdraget slutar redan {date}',
  },
  'error.assignmentTimeAfterEnd': {
    en: 'Time is reported up to {date}. The assignment cannot end before that day',
    sv: 'Det finns tid rapporterad till och med {date}. Uppdraget kan inte sluta före den dagen',
  },
  'error.assignmentNotStarted': {
    en: 'The assignment starts on {date}. Time before it cannot be reported',
    sv: 'Uppdraget börjar {date}. Tid före den dagen kan inte rapporteras',
  },
  'error.assignmentEnded': {
    en: "The assignment's last day is {date}. Time after it cannot be reported",
    sv: 'Uppdragets sista dag är {date}. Tid efter den kan inte rapporteras',
  },
  'error.approverRequired': {
    en: 'Only the assignment’s approver can do this',
    sv: 'Bara den som godkänner tid för uppdraget kan göra det',
  },
  // An approver who left or was removed leaves the assignment without one until someone picks another.
  'error.assignmentNoApprover': {
    en: 'The assignment has no approver. Someone who manages the company’s contracts must choose one under Contracts',
    sv: 'Uppdraget har ingen som godkänner tid. Någon som hanterar företagets avtal måste välja en under Avtal',
  },
  'error.ownTimeDecision': {
    en: 'You cannot approve or return your own time. Someone who manages the company’s contracts must choose another approver',
    sv: 'Du kan inte godkänna eller skicka tillbaka din egen tid. Någon som hanterar företagets avtal måste välja en annan som godkänner',
  },
  'success.timeReportSaved': { en: 'The time was saved', sv: 'Tiden har sparats' },
  'success.timeMonthSubmitted': {
    en: 'The month was submitted for approval',
    sv: 'Månaden har skickats in för godkännande',
  },
  'success.timeMonthReturned': {
    en: 'The month was returned to the consultant',
    sv: 'Månaden har skickats tillbaka till konsulten',
  },
  'success.timeMonthApproved': {
    en: 'The month was approved and the bill issued',
    sv: 'Månaden har godkänts och fakturan skapats',
  },
} as const satisfies Record<string, LocalizedText>;

/** A stable message code, e.g. `validation.required`. */
export type MessageCode = keyof typeof MESSAGES;

/**
 * Values for a message's `{name}` placeholders: text as it is, another message (`{ message: code }`), written
 * in the same language as the one it goes into, or a calendar day (`{ day: 'YYYY-MM-DD' }`), written as that
 * language writes dates ('1 oktober 2026', '1 October 2026'), as the interface does.
 */
export type MessageParams = Readonly<
  Record<string, string | number | { readonly message: MessageCode } | { readonly day: string }>
>;

export const MESSAGE_CODES = Object.keys(MESSAGES) as MessageCode[];

/** Narrows an arbitrary string (e.g. a zod issue message) to a known message code. */
export function isMessageCode(value: unknown): value is MessageCode {
  return typeof value === 'string' && Object.hasOwn(MESSAGES, value);
}

/**
 * The text of `code` in `locale`, with `{name}` placeholders replaced from `params`. A placeholder without a
 * value is left as written, so a missing parameter is visible rather than silently blank.
 */
export function translateMessage(code: MessageCode, locale: Locale, params?: MessageParams): string {
  const text: string = MESSAGES[code][locale];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    if (!Object.hasOwn(params, name)) return placeholder;
    const value = params[name]!;
    if (typeof value !== 'object') return String(value);
    return 'day' in value ? formatDay(value.day, locale) : MESSAGES[value.message][locale];
  });
}

/** A calendar day ('YYYY-MM-DD') as the language writes it in running text; anything else as it is. */
function formatDay(day: string, locale: Locale): string {
  const date = new Date(`${day}T00:00:00Z`);
  // Date rolls '2026-02-30' over into March: a day that does not exist is written as it came.
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) return day;
  return new Intl.DateTimeFormat(INTL_LOCALES[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
