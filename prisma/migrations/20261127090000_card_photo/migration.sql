-- Cards show the first Google photo at card width rather than the detail page's 1,200 pixels (issue #13: photos
-- are requested at the size they are shown). Null until an activity's photos are fetched again.
ALTER TABLE "Activity" ADD COLUMN "googleCardPhoto" TEXT;
